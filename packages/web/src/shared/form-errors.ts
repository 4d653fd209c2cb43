import type { FormInstance } from 'antd';
import { ErrorCode } from '@gm/contract/errors.ts';
import { isApiError, type ApiError } from './api-client.ts';
import { showError } from './feedback.ts';

/**
 * Invalid input comes back as 10001 with `details: [{ path, message }]` (messages already in
 * the operator's language); a few other answers point at a field the same way (a wrong
 * two-factor code, 10012). Forms show them on their fields instead of a toast.
 */
export function isFieldError(error: ApiError): boolean {
  return error.details.length > 0 && error.code !== ErrorCode.LOGGED_OUT;
}

export interface FieldErrorPlan {
  fields: { name: string; errors: string[] }[];
  rest: string[];
}

/** Splits the details into the form's own fields and the rest (shown as a message). */
export function planFieldErrors(details: readonly { path: string; message: string }[], fields: readonly string[]): FieldErrorPlan {
  const byField = new Map<string, string[]>();
  const rest: string[] = [];
  for (const detail of details) {
    const name = detail.path.split('.')[0] ?? '';
    if (fields.includes(name)) byField.set(name, [...(byField.get(name) ?? []), detail.message]);
    else rest.push(detail.message);
  }
  return { fields: [...byField].map(([name, errors]) => ({ name, errors })), rest };
}

/**
 * For a form's mutation `onError`: field details go onto the fields, anything else is shown.
 * Use with `quiet: isFieldError` on the request so nothing is announced twice.
 */
export function showFormError(form: FormInstance, error: unknown, fields: readonly string[]): void {
  if (!isApiError(error) || !isFieldError(error)) return;
  const plan = planFieldErrors(error.details, fields);
  if (plan.fields.length > 0) form.setFields(plan.fields.map((f) => ({ name: f.name, errors: f.errors })));
  if (plan.rest.length > 0 || plan.fields.length === 0) showError(plan.rest.join(' ') || error.message);
}

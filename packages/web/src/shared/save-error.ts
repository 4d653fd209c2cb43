import type { FormInstance } from 'antd';
import { ErrorCode } from '@gm/contract/errors.ts';
import { isApiError } from './api-client.ts';
import { showFormError } from './form-errors.ts';

/**
 * A failed save of a form: a duplicate (10016) goes on the field the server names (or
 * `duplicateField`), field details on theirs, anything else is shown as a message. Send the
 * request with `quiet` for those so nothing is announced twice.
 */
export function showSaveError(form: FormInstance, error: unknown, fields: readonly string[], duplicateField: string): void {
  if (isApiError(error) && error.code === ErrorCode.CONFLICT) {
    form.setFields([{ name: error.details[0]?.path ?? duplicateField, errors: [error.message] }]);
    return;
  }
  showFormError(form, error, fields);
}

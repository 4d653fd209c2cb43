import type { core } from 'zod';

/**
 * Which message a failed zod check reads as, for the server's 400 details and the web's form
 * messages alike, so the browser says exactly what the server would.
 */
export interface IssueFacts {
  /** The zod issue code: too_small, too_big, invalid_type, custom ... */
  code: string;
  /** The issue's own message: a contract message key (`validation.x`, `errors.x`) or zod's default. */
  message: string;
  /** What was checked: string, array, number ... (size issues). */
  origin?: unknown;
  minimum?: unknown;
  /** No value was given at all (not even an empty one). */
  missing?: boolean;
  /** What a value of the wrong type should have been (invalid_type): number, int, string ... */
  expected?: unknown;
}

const EXPECTED: Partial<Record<string, string>> = {
  number: 'validation.expectedNumber',
  int: 'validation.expectedWholeNumber',
  bigint: 'validation.expectedWholeNumber',
  string: 'validation.expectedText',
  boolean: 'validation.expectedTrueFalse',
  array: 'validation.expectedList',
};

/** The contract message key (`validation.required`, `validation.tooLong` ...) of one issue. */
export function issueMessageKey(issue: IssueFacts): string {
  if (/^(validation|errors)\.[\w.-]+$/.test(issue.message)) return issue.message;
  const sized = issue.origin === 'string' || issue.origin === 'array';
  switch (issue.code) {
    case 'too_small':
      // An empty text where one character is the least reads "This field is required.", not "at least 1 characters".
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return 'validation.required';
      return sized ? 'validation.tooShort' : 'validation.tooSmall';
    case 'too_big':
      return sized ? 'validation.tooLong' : 'validation.tooBig';
    case 'invalid_type':
      if (issue.missing) return 'validation.required';
      return (typeof issue.expected === 'string' && EXPECTED[issue.expected]) || 'validation.invalidType';
    default:
      return 'validation.invalidValue';
  }
}

/** The facts of a zod issue that choose its message (the server's 400 details see the same ones). */
export function zodIssueFacts(issue: core.$ZodIssue): IssueFacts {
  return { code: issue.code, message: issue.message, origin: 'origin' in issue ? issue.origin : undefined, minimum: 'minimum' in issue ? issue.minimum : undefined, expected: 'expected' in issue ? issue.expected : undefined };
}

/** The values a zod issue's message is filled with: its bounds, and a custom check's own params. */
export function zodIssueValues(issue: core.$ZodIssue): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  if ('minimum' in issue) values.minimum = Number(issue.minimum);
  if ('maximum' in issue) values.maximum = Number(issue.maximum);
  if (issue.code === 'custom' && issue.params) Object.assign(values, issue.params);
  return values;
}

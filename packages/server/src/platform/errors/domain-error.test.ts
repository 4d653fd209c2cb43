import { describe, expect, it } from 'vitest';
import { ErrorCode } from '@gm/contract/errors.ts';
import { DomainError, duplicateEntry, requireAllFound } from './domain-error.ts';

const refusalOf = (run: () => unknown): DomainError => {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
};

describe('duplicateEntry', () => {
  it('is a conflict naming the value and the field that holds it', () => {
    const error = duplicateEntry('name', 'order-no');
    expect(error.code).toBe(ErrorCode.CONFLICT);
    expect(error.messageKey).toBe('errors.duplicateEntry');
    expect(error.values).toEqual({ value: 'order-no' });
    expect(error.details).toEqual([{ path: 'name', message: 'errors.duplicateEntry' }]);
  });
});

describe('requireAllFound', () => {
  const rows = [{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }];

  it('hands the rows back when every id asked for was found', () => {
    expect(requireAllFound(rows, ['b', 'a', 'a'])).toBe(rows);
  });

  it('refuses the whole batch, naming each unknown id once and in the order asked', () => {
    const error = refusalOf(() => requireAllFound(rows, ['x', 'a', 'y', 'x']));
    expect(error.code).toBe(ErrorCode.NOT_FOUND);
    expect(error.messageKey).toBe('errors.idNotFound');
    expect(error.values).toEqual({ id: 'x' });
    expect(error.details).toEqual([
      { path: 'ids', message: 'errors.idNotFound', values: { id: 'x' } },
      { path: 'ids', message: 'errors.idNotFound', values: { id: 'y' } },
    ]);
  });
});

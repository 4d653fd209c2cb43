import { describe, expect, it } from 'vitest';
import { checkLogConditions, logCatalogue, OPS_BY_TYPE, type LogColumnView } from '@gm/contract/logs.contract.ts';
import { conditionIssueToForm, defaultOperator, keepsValue, labelIn, operatorsFor, opLabel, toConditionInput, toConditionRow, valueInputFor } from './log-conditions.ts';

const currency = logCatalogue().lists.find((l) => l.path === 'gold_list');
const column = (name: string): LogColumnView => {
  const found = currency?.columns.find((c) => c.name === name);
  if (!found) throw new Error(name);
  return found;
};

describe('operators by the field type', () => {
  it('offers what the contract allows for each type', () => {
    expect(operatorsFor(column('b_role_id'))).toEqual(OPS_BY_TYPE.string);
    expect(operatorsFor(column('b_role_id'))).toEqual(['eq', 'ne', 'in', 'prefix']);
    expect(operatorsFor(column('gold_type'))).toEqual(['eq', 'ne', 'in']);
    expect(operatorsFor(column('b_level'))).toContain('between');
    expect(operatorsFor(column('b_level'))).not.toContain('prefix');
    expect(operatorsFor(column('b_is_guest'))).toEqual(['eq']);
    expect(operatorsFor(column('b_timestamp'))).not.toContain('in');
    expect(operatorsFor(undefined)).toEqual([]);
    expect(defaultOperator(column('gold_type'))).toBe('eq');
  });

  it('picks the value input from the field and the operator', () => {
    expect(valueInputFor(column('gold_type'), 'eq')).toBe('choice');
    expect(valueInputFor(column('gold_type'), 'in')).toBe('choices');
    expect(valueInputFor(column('b_level'), 'gte')).toBe('number');
    expect(valueInputFor(column('b_level'), 'between')).toBe('numberPair');
    expect(valueInputFor(column('b_level'), 'in')).toBe('numberTags');
    expect(valueInputFor(column('b_role_id'), 'in')).toBe('textTags');
    expect(valueInputFor(column('b_role_id'), 'prefix')).toBe('text');
    expect(valueInputFor(column('b_is_guest'), 'eq')).toBe('flag');
    expect(valueInputFor(column('b_timestamp'), 'gte')).toBe('time');
    expect(valueInputFor(column('b_timestamp'), 'between')).toBe('timePair');
  });

  it('keeps the value only when the new operator takes the same input', () => {
    expect(keepsValue(column('b_level'), 'gt', 'lte')).toBe(true);
    expect(keepsValue(column('b_level'), 'gt', 'between')).toBe(false);
    expect(keepsValue(column('b_role_id'), 'eq', 'prefix')).toBe(true);
    expect(keepsValue(column('b_role_id'), undefined, 'eq')).toBe(false);
  });
});

describe('rows of the form as conditions', () => {
  it('trims text, turns typed numbers into numbers and leaves unfilled values out', () => {
    expect(toConditionInput({ field: 'b_role_id', op: 'eq', value: ' 1001 ' }, column('b_role_id'))).toEqual({ field: 'b_role_id', op: 'eq', value: '1001' });
    expect(toConditionInput({ field: 'b_level', op: 'in', value: ['3', ' 4', 'x'] }, column('b_level'))).toEqual({ field: 'b_level', op: 'in', value: [3, 4, 'x'] });
    expect(toConditionInput({ field: 'b_level', op: 'between', value: [3, null] }, column('b_level'))).toEqual({ field: 'b_level', op: 'between' });
    expect(toConditionInput({ field: 'b_role_id', op: 'eq', value: '   ' }, column('b_role_id'))).toEqual({ field: 'b_role_id', op: 'eq' });
    expect(toConditionInput({ field: 'b_is_guest', op: 'eq', value: false }, column('b_is_guest'))).toEqual({ field: 'b_is_guest', op: 'eq', value: false });
    expect(toConditionInput({}, undefined)).toEqual({ field: '', op: '' });
  });

  it('shows a condition from the URL in the form, and back', () => {
    const condition = { field: 'b_level', op: 'in', value: [3, 4] };
    const row = toConditionRow(condition, column('b_level'));
    expect(row).toEqual({ field: 'b_level', op: 'in', value: ['3', '4'] });
    expect(toConditionInput(row, column('b_level'))).toEqual(condition);
  });

  it('puts the contract\'s issues on the right field, naming the field by its label', () => {
    const rows = [
      { field: 'b_role_id', op: 'eq' as const, value: '1' },
      { field: 'b_role_id', op: 'prefix' as const, value: '2' },
      { field: 'gold_type' },
      { field: 'b_level', op: 'between' as const, value: [9, 2] },
    ];
    const columns = currency?.columns ?? [];
    const conditions = rows.map((r) => toConditionInput(r, columns.find((c) => c.name === r.field)));
    const { issues } = checkLogConditions('currency', { start: 0, end: 1000, conditions }, { personal: false });
    const labels = { column: labelIn('en'), op: (op: string) => opLabel(op, 'en') };
    const placed = issues.map((issue) => conditionIssueToForm(issue, rows, columns, labels));
    expect(placed).toEqual([
      { name: ['conditions', 1, 'field'], message: 'validation.conditionRepeated', values: { field: 'Role ID' } },
      { name: ['conditions', 2, 'op'], message: 'validation.conditionIncomplete', values: {} },
      { name: ['conditions', 3, 'value'], message: 'validation.betweenOrder', values: { field: 'Level' } },
    ]);
    expect(opLabel('between', 'zh-CN')).toBe('介于（含两端）');
  });
});

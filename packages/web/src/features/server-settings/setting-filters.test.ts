import { describe, expect, it } from 'vitest';
import { emptyValue, parseSettingFilters, valuePreview } from './setting-filters.ts';

describe('server setting helpers', () => {
  it('reads the filters from the URL', () => {
    expect(parseSettingFilters(new URLSearchParams('keyword=chat&type=integer&page=2'))).toEqual({ keyword: 'chat', type: 'integer', page: 2, size: 20 });
    expect(parseSettingFilters(new URLSearchParams('type=color')).type).toBeUndefined();
  });

  it('starts each type with a fitting empty value and previews values on one line', () => {
    expect(emptyValue('boolean')).toBe(false);
    expect(emptyValue('integer')).toBeUndefined();
    expect(emptyValue('json')).toBe('');
    expect(valuePreview('json', '{\n  "a": [1, 2]\n}')).toBe('{"a":[1,2]}');
    expect(valuePreview('integer', 3000)).toBe('3000');
  });
});

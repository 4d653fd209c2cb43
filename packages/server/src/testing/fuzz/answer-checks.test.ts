import { describe, expect, it } from 'vitest';
import { leaksIn } from './answer-checks.ts';
import { Entries, RawToken, toJson } from './hostile-values.ts';

describe('the hostile-input suite\'s own tools', () => {
  it('finds the insides of a server in an answer', () => {
    const leaks = (message: string) => leaksIn({ code: 10008, message }, []);
    expect(leaks('Error: boom\n    at Object.<anonymous> (/srv/app/packages/server/src/app.ts:10:5)')).not.toEqual([]);
    expect(leaks('SqliteError: SQLITE_CONSTRAINT: UNIQUE constraint failed: roles.name')).not.toEqual([]);
    expect(leaks('value "2147483648" is out of range for type integer')).not.toEqual([]);
    expect(leaks('syntax error at or near "OR"')).not.toEqual([]);
    expect(leaks('relation "operators" does not exist')).not.toEqual([]);
    expect(leaks('select "id" from "operators" where "account" = $1')).not.toEqual([]);
    expect(leaks("Cannot read properties of undefined (reading 'id')")).not.toEqual([]);
  });

  it('takes neither a message of its own nor an echo of the request for a leak', () => {
    expect(leaksIn({ code: 10001, message: 'Please select the duration of the ban.' }, [])).toEqual([]);
    expect(leaksIn({ code: 10016, message: 'The name x select * from y already exists.' }, ['x select * from y'])).toEqual([]);
    expect(leaksIn({ code: 0, message: 'success', result: { name: "' OR 1=1 --" } }, [])).toEqual([]);
  });

  it('writes JSON that JSON.stringify cannot: raw number tokens and __proto__ as an own key', () => {
    const value = new Entries([
      ['__proto__', new Entries([['polluted', true]])],
      ['n', new RawToken('1e309')],
      ['list', [new RawToken('-0'), null, 'a']],
    ]);
    expect(toJson(value)).toBe('{"__proto__":{"polluted":true},"n":1e309,"list":[-0,null,"a"]}');
  });
});

import { describe, expect, it } from 'vitest';
import { GAME_COMMAND_KINDS, GAME_COMMANDS, GAME_REFUSAL_LABELS, GAME_REFUSAL_REASONS, gatewayFailure } from './game-commands.contract.ts';

describe('game commands contract', () => {
  it('every command carries a command id', () => {
    for (const kind of GAME_COMMAND_KINDS) {
      // setPlayerValue picks its schema by field first.
      const parsed = GAME_COMMANDS[kind].params.safeParse(kind === 'setPlayerValue' ? { field: 'level' } : {});
      expect(parsed.success, kind).toBe(false);
      const issues = parsed.success ? [] : parsed.error.issues.map((i) => i.path.join('.'));
      expect(issues, kind).toContain('commandId');
    }
  });

  it('labels every refusal in both languages', () => {
    expect(Object.keys(GAME_REFUSAL_LABELS).sort()).toEqual([...GAME_REFUSAL_REASONS].sort());
    for (const label of Object.values(GAME_REFUSAL_LABELS)) {
      expect(label.en.length).toBeGreaterThan(0);
      expect(label.zh.length).toBeGreaterThan(0);
    }
  });

  it('takes a refusal only with a known reason', () => {
    expect(gatewayFailure.safeParse({ kind: 'rejected', reason: 'staleQuantity', details: { current: 3 } }).success).toBe(true);
    expect(gatewayFailure.safeParse({ kind: 'rejected', reason: 'somethingElse' }).success).toBe(false);
    expect(gatewayFailure.safeParse({ kind: 'timeout', reason: 'no answer in 10 s' }).success).toBe(true);
  });

  it('checks a value against the player field it sets', () => {
    const schema = GAME_COMMANDS.setPlayerValue.params;
    expect(schema.safeParse({ commandId: 'c', roleId: 'r', field: 'level', value: 3 }).success).toBe(true);
    expect(schema.safeParse({ commandId: 'c', roleId: 'r', field: 'level', value: 'x' }).success).toBe(false);
    expect(schema.safeParse({ commandId: 'c', roleId: 'r', field: 'roleName', value: '' }).success).toBe(false);
    expect(schema.safeParse({ commandId: 'c', roleId: 'r', field: 'unionName', value: '' }).success).toBe(true);
  });
});

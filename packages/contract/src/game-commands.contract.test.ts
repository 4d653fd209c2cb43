import { describe, expect, it } from 'vitest';
import { GAME_COMMAND_KINDS, GAME_COMMANDS, GAME_INVALID_REASONS, GAME_REFUSAL_REASONS, gatewayFailure } from './game-commands.contract.ts';
import { en, zhCN } from './messages.ts';

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

  it('words every refusal and invalid reason in both languages', () => {
    for (const reason of [...GAME_REFUSAL_REASONS, ...GAME_INVALID_REASONS]) {
      expect(en.game[reason], reason).toBeTruthy();
      expect(zhCN.game[reason], reason).toBeTruthy();
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

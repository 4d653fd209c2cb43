import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GAME_COMMAND_KINDS, GAME_INVALID_REASONS, GAME_REFUSAL_REASONS } from '@gm/contract/game-commands.contract.ts';
import { GAME_READ_NAMES } from '@gm/contract/game-reads.contract.ts';
import { PROTOCOL_ERROR_CODES, signedHeaders } from '../gateway/game-protocol.ts';
import { GENERATED_END, GENERATED_START, PROTOCOL_DOC_PATH, renderCommandReference } from './protocol-doc.ts';

const doc = readFileSync(PROTOCOL_DOC_PATH, 'utf8');
const handWritten = doc.slice(0, doc.indexOf(GENERATED_START)) + doc.slice(doc.indexOf(GENERATED_END));

describe('docs/game-protocol.md', () => {
  it('holds the command reference generated from the contract (run protocol-doc.ts --write when this fails)', () => {
    const start = doc.indexOf(GENERATED_START);
    const end = doc.indexOf(GENERATED_END);
    expect(start).toBeGreaterThan(0);
    expect(doc.slice(start, end + GENERATED_END.length)).toBe(renderCommandReference());
  });

  it('has a section for every command kind, with its path', () => {
    for (const kind of GAME_COMMAND_KINDS) {
      expect(doc, kind).toContain(`### \`${kind}\``);
      expect(doc, kind).toContain(`POST /gm/v1/commands/${kind}`);
    }
  });

  it('has a section for every read of the player screens, with its path', () => {
    for (const name of GAME_READ_NAMES) {
      expect(doc, name).toContain(`### Read: \`${name}\``);
      expect(doc, name).toContain(`POST /gm/v1/reads/${name}`);
    }
  });

  it('explains every refusal reason, invalid reason and protocol error code in its own words', () => {
    for (const reason of [...GAME_REFUSAL_REASONS, ...GAME_INVALID_REASONS]) expect(handWritten, reason).toMatch(new RegExp(`^\\| \`${reason}\` \\|`, 'm'));
    for (const code of PROTOCOL_ERROR_CODES) expect(handWritten, code).toMatch(new RegExp(`^\\| \`${code}\` \\|`, 'm'));
  });

  it('gives worked signature examples that are right', () => {
    const body = '{"commandId":"kickPlayers:7:9f1c2b7e-4d1a","roleIds":["100000042"]}';
    expect(handWritten).toContain(body);
    expect(handWritten).toContain(`X-Signature: ${signedHeaders('demo', 'example-gateway-key-0123456789', body, 1_795_341_600)['x-signature']}`);
    expect(handWritten).toContain(`\`${signedHeaders('demo', 'example-gateway-key-0123456789', '', 1_795_341_600)['x-signature']}\``);
  });
});

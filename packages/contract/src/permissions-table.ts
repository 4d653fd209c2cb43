import { PERMISSIONS, PERMISSION_BY_CODE } from './permissions.ts';

/** The Markdown table printed in docs/permissions.md; a test keeps the file equal to it. */
export function permissionsMarkdown(): string {
  const lines = [
    '# Permission catalogue',
    '',
    'Generated from `packages/contract/src/permissions.ts` by `npm run docs:permissions`; a test fails',
    'when this file and the catalogue differ. A role grants a set of these codes (`resourceIds`) and may',
    'deny some again on its button list (`buttons`). Granting a code grants its ancestors.',
    '',
    '| code | kind | name | 名称 | parent |',
    '|---|---|---|---|---|',
  ];
  for (const p of PERMISSIONS) {
    const parent = p.parent === null ? '' : `${p.parent} ${PERMISSION_BY_CODE.get(p.parent)?.en ?? ''}`;
    lines.push(`| ${p.code} | ${p.kind} | ${p.en} | ${p.zh} | ${parent} |`);
  }
  return `${lines.join('\n')}\n`;
}

import { writeFileSync } from 'node:fs';
import { permissionsMarkdown } from '@gm/contract/permissions-table.ts';

writeFileSync(new URL('../docs/permissions.md', import.meta.url), permissionsMarkdown());

import type { AuditTables } from '../platform/audit/audit.table.ts';
import type { IdentityTables } from '../platform/auth/identity.table.ts';
import type { GameWorldTables } from '../game/world/world.table.ts';
import type { IngestTables } from '../game/ingest/ingest.table.ts';

/** The whole database, composed from the table files of each part (types only). */
export interface DB extends IdentityTables, AuditTables, IngestTables, GameWorldTables {}

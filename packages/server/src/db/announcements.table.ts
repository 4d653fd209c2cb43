import type { Selectable } from 'kysely';

/** The console's announcement board (issue 13); the fields of spec section 3 are in `body` (JSON). */
export interface AnnouncementsTable {
  id: string;
  type: string;
  area_id: string;
  title: string;
  sort: number;
  body: string;
  end_time: number | null;
  sent_at: number | null;
  created_by: string;
  created_at: number;
  updated_by: string;
  updated_at: number;
  deleted_at: number | null;
}

export interface AnnouncementTemplatesTable {
  id: string;
  name: string;
  body: string;
  created_by: string;
  created_at: number;
}

export interface AnnouncementBackupsTable {
  id: string;
  note: string;
  count: number;
  snapshot: string;
  created_by: string;
  created_at: number;
}

/** Uploaded images, by the SHA-256 of their bytes. */
export interface UploadsTable {
  sha256: string;
  content_type: string;
  size: number;
  bytes: Buffer;
  created_by: string;
  created_at: number;
}

export interface AnnouncementTables {
  announcements: AnnouncementsTable;
  announcement_templates: AnnouncementTemplatesTable;
  announcement_backups: AnnouncementBackupsTable;
  uploads: UploadsTable;
}

export type AnnouncementRow = Selectable<AnnouncementsTable>;
export type AnnouncementTemplateRow = Selectable<AnnouncementTemplatesTable>;
export type AnnouncementBackupRow = Selectable<AnnouncementBackupsTable>;

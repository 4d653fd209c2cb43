import type { Insertable, Selectable, Updateable } from 'kysely';

/** The console's mail records (issue 13; migration 2026-11-26T0910-create-mails). */
export interface MailsTable {
  id: string;
  /** private or public. */
  type: string;
  title: string;
  content: string;
  sender: string;
  /** JSON string[]. */
  area_ids: string;
  all_areas: number;
  /** JSON string[]: a private mail's role ids (up to 100,000). */
  role_ids: string;
  role_count: number;
  /** JSON string[]. */
  exclude_role_ids: string;
  /** Epoch seconds; 0 = unlimited. */
  min_create_time: number;
  max_create_time: number;
  min_level: number;
  max_level: number;
  /** Wall times "YYYY-MM-DD HH:mm:ss" in `time_zone`, and the instants they mean. */
  start_time: string;
  end_time: string;
  time_zone: string;
  start_at: number;
  end_at: number;
  /** JSON MailItem[]. */
  items: string;
  /** MAIL_STATUSES. */
  status: string;
  failure: string | null;
  batches: number;
  batches_done: number;
  delivered: number;
  unknown_ids: number;
  created_by: string | null;
  created_by_name: string;
  created_at: number;
  updated_at: number;
  sent_at: number | null;
  withdrawn_at: number | null;
}

export interface MailTables {
  mails: MailsTable;
}

export type MailRow = Selectable<MailsTable>;
export type NewMail = Insertable<MailsTable>;
export type MailUpdate = Updateable<MailsTable>;

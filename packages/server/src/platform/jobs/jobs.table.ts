import type { Insertable, Selectable } from 'kysely';

export const JOB_STATUSES = ['pending', 'running', 'done', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export interface JobsTable {
  id: string;
  kind: string;
  subject: string;
  /** JSON. */
  payload: string;
  due_at: number;
  status: JobStatus;
  attempts: number;
  claimed_by: string | null;
  claimed_at: number | null;
  finished_at: number | null;
  /** JSON: the outcome, or the failure. */
  result: string | null;
  /** The operator who scheduled it (account name). */
  created_by: string;
  created_at: number;
}

export interface JobTables {
  jobs: JobsTable;
}

export type JobRow = Selectable<JobsTable>;
export type NewJobRow = Insertable<JobsTable>;

/** What the panel shows about the daily backup (implemented by server/backups.ts). */

export type BackupStatus =
  /** BACKUP_DIR is not set: nothing is copied. */
  | { readonly state: 'off'; readonly diskFull?: boolean }
  /** DATABASE_URL: PostgreSQL is copied with pg_dump, outside the site. */
  | { readonly state: 'external' }
  | {
      readonly state: 'on';
      /** The newest backup's instant (ISO), or null when there is none yet. */
      readonly newest: string | null;
      /** How many backups are kept in BACKUP_DIR now. */
      readonly kept: number;
      /** The last scheduled backup failed (since this server started), and why. */
      readonly failure: { readonly at: string; readonly message: string } | null;
      /** The disk of DATA_DIR is full: the site cannot store anything (SQLite). */
      readonly diskFull?: boolean;
    };

export interface Backups {
  status(): BackupStatus;
}

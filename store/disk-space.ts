/**
 * Free space on the disk that holds a folder (statfs): how the site knows that the disk of
 * DATA_DIR is full (the panel's line, /healthz) and whether a backup fits before writing it.
 */
import { statfsSync } from 'node:fs';

/** Below this, SQLite cannot count on room for a write's journal frames: the disk is full. */
export const DISK_FULL_BELOW_BYTES = 1024 * 1024;

/** Bytes an unprivileged process may still write where `path` is, or undefined if unknown. */
export function freeBytes(path: string): number | undefined {
  try {
    const { bavail, bsize } = statfsSync(path);
    return bavail * bsize;
  } catch {
    return undefined;
  }
}

/** Whether the disk that holds `path` is full (unknown: not full). */
export function diskFull(path: string): boolean {
  const free = freeBytes(path);
  return free !== undefined && free < DISK_FULL_BELOW_BYTES;
}

/** `1,5 MB`, for people (Spanish). */
export function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return `${mb.toLocaleString('es-AR', { maximumFractionDigits: mb < 10 ? 1 : 0 })} MB`;
}

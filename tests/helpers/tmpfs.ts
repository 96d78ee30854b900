/**
 * A real small file system that fills: a `tmpfs` of a few MB mounted on a temporary folder
 * (needs root: tests using it carry the 'tmpfs' tag, tests/helpers/tools.ts). Filling writes a
 * file until the kernel answers ENOSPC, so SQLite then meets the same error as on a full disk.
 *
 *   const disk = mountTmpfs(3 * 1024 * 1024);
 *   disk.fill();   // to the brim
 *   disk.free();   // the filler goes
 *   disk.unmount();
 */
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Tmpfs = {
  readonly dir: string;
  /** Bytes still free there. */
  freeBytes(): number;
  /** Writes a filler file until the disk is full (ENOSPC), down to the last byte. */
  fill(): void;
  /** Deletes the filler. */
  free(): void;
  unmount(): void;
};

export function mountTmpfs(bytes: number): Tmpfs {
  const dir = mkdtempSync(join(tmpdir(), 'tmpfs-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes},mode=0700`, 'tmpfs', dir]);
  const filler = join(dir, 'filler.bin');
  let mounted = true;
  return {
    dir,
    freeBytes() {
      const { bavail, bsize } = statfsSync(dir);
      return bavail * bsize;
    },
    fill() {
      const fd = openSync(filler, 'a');
      try {
        // Big chunks, then smaller ones, down to single bytes: nothing is left.
        for (let size = 64 * 1024; size >= 1; size = Math.floor(size / 2)) {
          const chunk = Buffer.alloc(size, 0x2a);
          for (;;) {
            try {
              writeSync(fd, chunk);
            } catch (error) {
              if (error instanceof Error && Reflect.get(error, 'code') === 'ENOSPC') break;
              throw error;
            }
          }
        }
      } finally {
        closeSync(fd);
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    unmount() {
      if (!mounted) return;
      mounted = false;
      execFileSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

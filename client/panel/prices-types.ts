/**
 * The prices screen's service, as the panel pages see it (implemented by server/panel/prices.ts
 * on the catalogue store and the sheet reader). Types only: the client never imports sheet/.
 */

export type SheetProblem = {
  readonly row?: number | undefined;
  readonly column?: string | undefined;
  readonly message: string;
};

export type PriceCounts = {
  readonly marcas: number;
  readonly parabrisas: number;
  readonly lunetas: number;
  readonly versiones: number;
};

export type PriceChange =
  | { kind: 'added'; name: string; precio: number; flags: string[] }
  | { kind: 'removed'; name: string; precio: number; flags: string[] }
  | { kind: 'price'; name: string; before: number; after: number; percent: string; flags: string[] }
  | { kind: 'other'; name: string; notes: string[]; flags: string[] };

export type DraftPreview = {
  readonly id: string;
  readonly fileName: string;
  readonly counts: PriceCounts;
  readonly before: PriceCounts | undefined;
  readonly unchanged: boolean;
  readonly unchangedCount: number;
  /** The biggest changes first, at most a few hundred (`totalChanges` counts them all). */
  readonly changes: readonly PriceChange[];
  readonly totalChanges: number;
  /** Likely typos in words, at most a few hundred (`totalFlags` counts them all). */
  readonly flags: readonly string[];
  readonly totalFlags: number;
  /** The price date publishing will set (today, in Jujuy) and until when the prices hold. */
  readonly validDays: number;
};

export type UploadResult =
  { ok: true; draftId: string } | { ok: false; problems: readonly SheetProblem[] };

export type PublishOutcome =
  | { ok: true; seq: number; summary: string }
  /** The live catalogue changed since the preview: the preview was made again against it. */
  | { ok: false; reason: 'stale' }
  /** The preview has flags and the owner did not tick the confirmation. */
  | { ok: false; reason: 'needs-confirmation' }
  | { ok: false; reason: 'missing' };

export type HistoryEntry = {
  readonly seq: number;
  readonly publishedAt: string;
  readonly publishedBy: string;
  readonly source: 'panel' | 'cli' | 'restore' | 'initial';
  readonly fileName: string | undefined;
  readonly summary: string;
  readonly restoredFrom: number | undefined;
  /** The version the site serves now. */
  readonly live: boolean;
  /** Its catalogue is still kept, so the site can go back to it. */
  readonly restorable: boolean;
};

export interface Prices {
  /** Reads the uploaded file with the CLI's reader; a readable sheet becomes a draft. */
  upload(file: { name: string; bytes: Uint8Array }, by: string): Promise<UploadResult>;
  /** The draft's changes against the live catalogue now; undefined when there is no such draft. */
  preview(draftId: string): Promise<DraftPreview | undefined>;
  publish(draftId: string, options: { by: string; confirmed: boolean }): Promise<PublishOutcome>;
  history(): Promise<readonly HistoryEntry[]>;
  /** "Volver a esta versión": publishes version `seq` again. */
  restore(
    seq: number,
    by: string,
  ): Promise<{ ok: true; seq: number } | { ok: false; reason: 'missing' | 'stale' }>;
}

/**
 * Datos del negocio's service, as the panel pages see it (implemented by server/panel/facts.ts
 * on the facts store). Types only: the client never imports server/ or store/.
 */
import type { SectionChanges } from '../facts/changes.ts';
import type { FactsDocument } from '../facts/document.ts';

export type FactsPreview = {
  /** The sections that change, in words, with the pages that show them. */
  readonly sections: readonly SectionChanges[];
  /** What the owner should know before publishing (bookings already made on a new closed day). */
  readonly warnings: readonly string[];
};

export type FactsPublishOutcome =
  | { ok: true; seq: number; summary: string }
  /** Someone published since the preview: nothing was changed. */
  | { ok: false; reason: 'stale' }
  /** The draft is the live facts: there is nothing to publish. */
  | { ok: false; reason: 'unchanged' }
  | { ok: false; reason: 'invalid' };

export type FactsHistoryEntry = {
  /** 0: the first version (the content modules' values), never published but always there to go back to. */
  readonly seq: number;
  readonly publishedAt: string | undefined;
  readonly publishedBy: string | undefined;
  readonly source: 'panel' | 'cli' | 'restore' | 'initial';
  readonly summary: string;
  readonly restoredFrom: number | undefined;
  /** The version the site serves now. */
  readonly live: boolean;
  /** It reads as valid facts, so the site can go back to it. */
  readonly restorable: boolean;
};

export interface ShopFactsService {
  /** The newest version published (0: none yet, the first version serves) and the live facts as typed. */
  live(): { readonly seq: number; readonly document: FactsDocument };
  /** What publishing `document` would change against the live facts. */
  preview(document: FactsDocument): Promise<FactsPreview>;
  /** Publishes `document` if version `expectedSeq` is still the newest (a compare-and-set). */
  publish(
    document: FactsDocument,
    options: { expectedSeq: number; by: string },
  ): Promise<FactsPublishOutcome>;
  history(): Promise<readonly FactsHistoryEntry[]>;
  /** "Volver a esta versión": publishes version `seq` again, as a new version. */
  restore(
    seq: number,
    by: string,
  ): Promise<
    | { ok: true; seq: number; summary: string }
    | { ok: false; reason: 'missing' | 'stale' | 'unchanged' }
  >;
}

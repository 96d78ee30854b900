/** The stored messages as the owner reads them: a Spanish listing, CSV for Excel, or JSON. */
import type { MessageStatus } from '../store/schema.ts';
import type { MessageRow } from '../store/messages.ts';
import { SHOP_TIME_ZONE } from '../catalogue/validity.ts';
import { excelCsv } from '../catalogue/excel-csv.ts';

const STATUS_WORD: Record<MessageStatus, string> = {
  pending: 'pendiente',
  sent: 'enviado',
  failed: 'fallido',
};

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: SHOP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

function localParts(iso: string) {
  const p = Object.fromEntries(parts.formatToParts(new Date(iso)).map((x) => [x.type, x.value]));
  return p as Record<'year' | 'month' | 'day' | 'hour' | 'minute', string>;
}

/** 14/03/2026 09:05, Argentina time. */
export function displayDate(iso: string): string {
  const p = localParts(iso);
  return `${p.day}/${p.month}/${p.year} ${p.hour}:${p.minute}`;
}

/** 2026-03-14 09:05, Argentina time: Excel reads it as a date in any locale. */
function sheetDate(iso: string): string {
  const p = localParts(iso);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/**
 * Text safe for a terminal: no escape sequences or other control characters, no
 * bidirectional overrides (a visitor's text must not rewrite the owner's screen).
 */
export function plainText(text: string): string {
  return text.replace(/[^\P{Cc}\n\t]|[\u202A-\u202E\u2066-\u2069]/gu, '');
}

function statusText(row: MessageRow): string {
  switch (row.status) {
    case 'sent':
      return `enviado por e-mail el ${row.sentAt ? displayDate(row.sentAt) : '(fecha desconocida)'}`;
    case 'failed':
      return `NO SE PUDO ENVIAR: el servidor de e-mail lo rechazó (${row.attempts} intento${row.attempts === 1 ? '' : 's'})`;
    case 'pending':
      return row.attempts > 0
        ? `pendiente: ${row.attempts} intento${row.attempts === 1 ? '' : 's'} fallido${row.attempts === 1 ? '' : 's'}, se reintenta el ${displayDate(row.nextAttemptAt ?? row.receivedAt)}`
        : 'pendiente: todavía no se envió por e-mail';
  }
}

export function formatList(rows: readonly MessageRow[], location: string): string {
  if (rows.length === 0) return `No hay mensajes guardados.\nBase de datos: ${location}\n`;
  const pending = rows.filter((r) => r.status === 'pending').length;
  const failed = rows.filter((r) => r.status === 'failed').length;
  const lines = [
    `Mensajes del formulario de contacto: ${rows.length} (${pending} sin enviar por e-mail${
      failed > 0 ? `, ${failed} que no se pudieron enviar` : ''
    })`,
    `Base de datos: ${location}`,
  ];
  rows.forEach((row, index) => {
    lines.push(
      '',
      `── ${index + 1} de ${rows.length} · ${displayDate(row.receivedAt)} · ${statusText(row)}`,
      // A booking's e-mail to the owner shares the outbox (it has a phone, not an address).
      row.kind === 'booking'
        ? `Turno pedido por: ${plainText(row.name)}`
        : `De: ${plainText(row.name)} <${plainText(row.email)}>`,
      `Número: ${row.id}`,
      ...(row.lastError && row.status !== 'sent' ? [`Error: ${plainText(row.lastError)}`] : []),
      '',
      ...plainText(row.message)
        .split('\n')
        .map((line) => `    ${line}`),
    );
  });
  return `${lines.join('\n')}\n`;
}

const CSV_HEADER = ['fecha', 'nombre', 'email', 'mensaje', 'estado', 'enviado', 'numero', 'error'];

/**
 * Semicolon-separated, UTF-8 with BOM and CRLF: what Excel in Spanish (Argentina)
 * opens directly with accents intact. Cells a spreadsheet would run as a formula
 * (=, +, -, @, tab, CR at the start) get a leading apostrophe.
 */
export function toCsv(rows: readonly MessageRow[]): string {
  return excelCsv(
    CSV_HEADER,
    rows.map((row) => [
      sheetDate(row.receivedAt),
      row.name,
      row.email,
      row.message,
      STATUS_WORD[row.status],
      row.sentAt ? sheetDate(row.sentAt) : '',
      row.id,
      row.status === 'sent' ? '' : (row.lastError ?? ''),
    ]),
  );
}

export function toJson(rows: readonly MessageRow[]): string {
  return `${JSON.stringify(
    rows.map(({ id, receivedAt, name, email, message, status, sentAt, attempts, lastError }) => ({
      id,
      receivedAt,
      name,
      email,
      message,
      status,
      sentAt: sentAt ?? null,
      attempts,
      lastError: lastError ?? null,
    })),
    null,
    2,
  )}\n`;
}

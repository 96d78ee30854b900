/**
 * Draws a share picture (client/seo/share-card.ts) as SVG and rasterises it with sharp.
 *
 * The text is turned into outlines here, glyph by glyph, from DejaVu Sans (the
 * `dejavu-fonts-ttf` package the quote PDF embeds too) with fontkit: the SVG sharp receives
 * holds paths only, so librsvg never asks fontconfig for a font, and the picture is the same
 * on every install (fontconfig silently swaps a font it cannot find). The same metrics fit
 * each line to the picture's width. Why not @font-face or satori:
 * docs/decisions/2026-12-04-share-pictures.md.
 */
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { LRUCache } from 'lru-cache';
import sharp from 'sharp';
import { SHARE_PICTURE, type ShareCard } from '../../client/seo/share-card.ts';

const require = createRequire(import.meta.url);

function openFont(file: string): fontkit.Font {
  const font = fontkit.openSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
  if (!('layout' in font)) throw new Error(`${file} is a font collection`);
  return font;
}

/**
 * Read once: on the first picture, or earlier through this export (the production entry calls
 * it once the server listens, so no visitor's first picture waits the ~200 ms it takes).
 */
let fonts: { regular: fontkit.Font; bold: fontkit.Font } | undefined;
export function loadFonts() {
  fonts ??= { regular: openFont('DejaVuSans.ttf'), bold: openFont('DejaVuSans-Bold.ttf') };
  return fonts;
}

const { width: W, height: H } = SHARE_PICTURE;
const LEFT = 80;
/** The widest a line may be. */
export const TEXT_WIDTH = W - LEFT - 64;
/** The top of the band that holds the city. */
const BAND_TOP = 520;
/** No text is smaller than this (px of font size), so the 600 px preview stays legible. */
export const MIN_TEXT_PX = 48;
const COLOURS = {
  background: '#0b3d5c',
  band: '#082a40',
  accent: '#f5b400',
  text: '#ffffff',
  soft: '#e6f1f8',
} as const;

/** Each glyph's outline as SVG path data in font units (y up), made once per glyph. */
const outlines = new Map<string, string>();

/**
 * A line as a group of glyph references, its baseline starting at (0, 0); the outlines it uses
 * are added to `defs` once per picture. Only positions are new per picture.
 */
function layOut(font: fontkit.Font, text: string, size: number, defs: Map<string, string>): string {
  const run = font.layout(text);
  const scale = size / font.unitsPerEm;
  let x = 0;
  const uses: string[] = [];
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i];
    if (!position) return;
    const id = `${font === loadFonts().bold ? 'b' : 'r'}${glyph.id}`;
    if (!defs.has(id)) {
      let d = outlines.get(id);
      if (d === undefined) {
        d = glyph.path.toSVG();
        outlines.set(id, d);
      }
      defs.set(id, d);
    }
    if (glyph.path.commands.length > 0) {
      uses.push(`<use href="#${id}" x="${x + position.xOffset}" y="${position.yOffset}"/>`);
    }
    x += position.xAdvance;
  });
  return `<g transform="scale(${scale} ${-scale})">${uses.join('')}</g>`;
}

/**
 * Texts' advances in font units, remembered: a line's width is linear in its size, so fitting
 * a line lays it out once, not once per size tried (fontkit's layout is most of the garbage a
 * picture makes).
 */
const advances = new LRUCache<string, number>({ max: 2_000 });

function width(font: fontkit.Font, text: string, size: number): number {
  const key = `${font.postscriptName}\n${text}`;
  let units = advances.get(key);
  if (units === undefined) {
    units = font.layout(text).positions.reduce((sum, p) => sum + p.xAdvance, 0);
    advances.set(key, units);
  }
  return (units * size) / font.unitsPerEm;
}

/** The largest size from `max` down to `min` at which `text` fits, else `min`. */
function fitSize(font: fontkit.Font, text: string, max: number, min: number): number {
  for (let size = max; size > min; size -= 4) {
    if (width(font, text, size) <= TEXT_WIDTH) return size;
  }
  return min;
}

/** Cuts `text` with an ellipsis until it fits at `size`. */
function truncate(font: fontkit.Font, text: string, size: number): string {
  if (width(font, text, size) <= TEXT_WIDTH) return text;
  // The longest start that fits with its ellipsis (a binary search: few layouts).
  let fits = 0;
  let fails = text.length;
  while (fails - fits > 1) {
    const middle = Math.floor((fits + fails) / 2);
    if (width(font, `${text.slice(0, middle)}…`, size) <= TEXT_WIDTH) fits = middle;
    else fails = middle;
  }
  return `${text.slice(0, Math.max(1, fits)).trimEnd()}…`;
}

/**
 * The title on one line at 84 px down to 64, else on two lines (the words split where the
 * first line is fullest) down to the minimum size, the second cut with an ellipsis if need be.
 */
function titleLines(font: fontkit.Font, title: string): { lines: string[]; size: number } {
  const one = fitSize(font, title, 84, 64);
  if (width(font, title, one) <= TEXT_WIDTH) return { lines: [title], size: one };
  const words = title.split(' ');
  for (let size = 64; size >= MIN_TEXT_PX; size -= 4) {
    let split = 1;
    while (
      split < words.length - 1 &&
      width(font, words.slice(0, split + 1).join(' '), size) <= TEXT_WIDTH
    ) {
      split++;
    }
    const lines = [words.slice(0, split).join(' '), words.slice(split).join(' ')];
    if (lines.every((line) => width(font, line, size) <= TEXT_WIDTH) || size === MIN_TEXT_PX) {
      return { lines: lines.map((line) => truncate(font, line, size)), size };
    }
  }
  return { lines: [truncate(font, title, MIN_TEXT_PX)], size: MIN_TEXT_PX };
}

/** One line of the picture: its words as drawn (cut if need be), where and how big. */
export type CardLine = {
  readonly text: string;
  readonly font: 'regular' | 'bold';
  /** Font size in px. */
  readonly size: number;
  readonly colour: string;
  /** Baseline. */
  readonly y: number;
  readonly width: number;
};

/** Where each line goes: the title, the price and the instalments centred above the band. */
export function layOutCard(card: ShareCard): CardLine[] {
  const fonts = loadFonts();
  const line = (
    text: string,
    font: CardLine['font'],
    size: number,
    colour: string,
    y: number,
  ): CardLine => {
    const shown = truncate(fonts[font], text, size);
    return { text: shown, font, size, colour, y, width: width(fonts[font], shown, size) };
  };
  const title = titleLines(fonts.bold, card.title);
  const headlineSize = fitSize(fonts.bold, card.headline, 104, 64);
  const detailSize = fitSize(fonts.regular, card.detail, 54, MIN_TEXT_PX);
  const citySize = fitSize(fonts.regular, card.city, 48, MIN_TEXT_PX);
  const shopSize = fitSize(fonts.bold, card.shop, 54, MIN_TEXT_PX);

  const lines = [line(card.shop, 'bold', shopSize, COLOURS.accent, 112)];
  const titleStep = title.size * 1.15;
  const block = titleStep * title.lines.length + headlineSize * 1.2 + detailSize * 1.3;
  let y = 140 + (BAND_TOP - 140 - block) / 2;
  for (const text of title.lines) {
    y += titleStep;
    lines.push(line(text, 'bold', title.size, COLOURS.text, y - title.size * 0.2));
  }
  y += headlineSize * 1.2;
  lines.push(line(card.headline, 'bold', headlineSize, COLOURS.accent, y));
  y += detailSize * 1.3;
  lines.push(line(card.detail, 'regular', detailSize, COLOURS.soft, y));
  lines.push(line(card.city, 'regular', citySize, COLOURS.text, 592));
  return lines;
}

/** The picture as SVG: outlines only, no <text>. */
export function shareCardSvg(card: ShareCard): string {
  const fonts = loadFonts();
  const defs = new Map<string, string>();
  const lines = layOutCard(card).map((line) => {
    const glyphs = layOut(fonts[line.font], line.text, line.size, defs);
    return `<g transform="translate(${LEFT} ${line.y.toFixed(1)})" fill="${line.colour}">${glyphs}</g>`;
  });
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<defs>${[...defs].map(([id, d]) => `<path id="${id}" d="${d}"/>`).join('')}</defs>`,
    `<rect width="${W}" height="${H}" fill="${COLOURS.background}"/>`,
    `<rect y="${BAND_TOP}" width="${W}" height="${H - BAND_TOP}" fill="${COLOURS.band}"/>`,
    `<rect width="20" height="${H}" fill="${COLOURS.accent}"/>`,
    ...lines,
    '</svg>',
  ].join('');
}

/**
 * The picture as PNG (about 75 KB, far under the 300 KB previews allow; lossless text edges).
 * Truecolour at zlib level 6: a 64-colour palette halves the bytes but its quantisation took
 * 80 % of the time (about 100 ms of 120 on the development machine).
 */
function rasterise(card: ShareCard) {
  return sharp(Buffer.from(shareCardSvg(card))).png({ compressionLevel: 6 });
}

export async function drawShareCard(card: ShareCard): Promise<Buffer> {
  return rasterise(card).toBuffer();
}

/**
 * The picture written by libvips straight into `file`: its PNG never becomes a Node buffer
 * (the site keeps pictures as files: server/share/picture-files.ts).
 */
export async function drawShareCardTo(card: ShareCard, file: string): Promise<void> {
  await rasterise(card).toFile(file);
}

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
import sharp from 'sharp';
import { SHARE_PICTURE, type ShareCard } from '../../client/seo/share-card.ts';

const require = createRequire(import.meta.url);

function openFont(file: string): fontkit.Font {
  const font = fontkit.openSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
  if (!('layout' in font)) throw new Error(`${file} is a font collection`);
  return font;
}

/** Read once, on the first picture. */
let fonts: { regular: fontkit.Font; bold: fontkit.Font } | undefined;
function loadFonts() {
  fonts ??= { regular: openFont('DejaVuSans.ttf'), bold: openFont('DejaVuSans-Bold.ttf') };
  return fonts;
}

const { width: W, height: H } = SHARE_PICTURE;
const LEFT = 80;
const TEXT_WIDTH = W - LEFT - 64;
/** No text is smaller than this (px of font size), so the 600 px preview stays legible. */
export const MIN_TEXT_PX = 48;
const COLOURS = {
  background: '#0b3d5c',
  band: '#082a40',
  accent: '#f5b400',
  text: '#ffffff',
  soft: '#e6f1f8',
} as const;

/** A line of text laid out: its glyphs' outlines as one SVG path at (0, 0), and its width. */
type Laid = { readonly d: string; readonly width: number };

function layOut(font: fontkit.Font, text: string, size: number): Laid {
  const run = font.layout(text);
  const scale = size / font.unitsPerEm;
  let x = 0;
  let d = '';
  run.glyphs.forEach((glyph, i) => {
    const position = run.positions[i];
    if (!position) return;
    const outline = glyph.path
      .scale(scale, -scale)
      .translate((x + position.xOffset) * scale, -position.yOffset * scale)
      .toSVG();
    d += outline;
    x += position.xAdvance;
  });
  return { d, width: x * scale };
}

function width(font: fontkit.Font, text: string, size: number): number {
  const scale = size / font.unitsPerEm;
  return font.layout(text).positions.reduce((sum, p) => sum + p.xAdvance, 0) * scale;
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
  let cut = text;
  while (cut.length > 1 && width(font, `${cut}…`, size) > TEXT_WIDTH) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
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

const pathAt = (laid: Laid, x: number, y: number, fill: string) =>
  `<path transform="translate(${x} ${y})" fill="${fill}" d="${laid.d}"/>`;

/** The picture as SVG: outlines only, no <text>. */
export function shareCardSvg(card: ShareCard): string {
  const { regular, bold } = loadFonts();
  const title = titleLines(bold, card.title);
  const headlineSize = fitSize(bold, card.headline, 104, 64);
  const detailSize = fitSize(regular, card.detail, 54, MIN_TEXT_PX);
  const citySize = fitSize(regular, card.city, 48, MIN_TEXT_PX);
  const shopSize = fitSize(bold, card.shop, 54, MIN_TEXT_PX);

  const parts: string[] = [];
  parts.push(
    pathAt(layOut(bold, truncate(bold, card.shop, shopSize), shopSize), LEFT, 112, COLOURS.accent),
  );
  // The title, the price and the instalments, centred between the shop's name and the band.
  const titleStep = title.size * 1.15;
  const block = titleStep * title.lines.length + headlineSize * 1.2 + detailSize * 1.3;
  let y = 140 + (520 - 140 - block) / 2;
  for (const line of title.lines) {
    y += titleStep;
    parts.push(pathAt(layOut(bold, line, title.size), LEFT, y - title.size * 0.2, COLOURS.text));
  }
  y += headlineSize * 1.2;
  const headline = truncate(bold, card.headline, headlineSize);
  parts.push(pathAt(layOut(bold, headline, headlineSize), LEFT, y, COLOURS.accent));
  y += detailSize * 1.3;
  const detail = truncate(regular, card.detail, detailSize);
  parts.push(pathAt(layOut(regular, detail, detailSize), LEFT, y, COLOURS.soft));
  const city = truncate(regular, card.city, citySize);
  parts.push(pathAt(layOut(regular, city, citySize), LEFT, 592, COLOURS.text));

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`,
    `<rect width="${W}" height="${H}" fill="${COLOURS.background}"/>`,
    `<rect y="520" width="${W}" height="${H - 520}" fill="${COLOURS.band}"/>`,
    `<rect width="20" height="${H}" fill="${COLOURS.accent}"/>`,
    ...parts,
    '</svg>',
  ].join('');
}

/** The picture as PNG: a palette of flat colours, far under the 300 KB previews allow. */
export async function drawShareCard(card: ShareCard): Promise<Buffer> {
  return sharp(Buffer.from(shareCardSvg(card)))
    .png({ palette: true, colours: 64, compressionLevel: 9, effort: 4 })
    .toBuffer();
}

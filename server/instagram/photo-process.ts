import sharp from 'sharp';
import { PhotoError } from './photo-download.ts';

/**
 * Turns a downloaded photo into the WebP copies the gallery tile needs: decoded once,
 * turned upright by its EXIF orientation, resized to each width (never enlarged), every
 * piece of metadata dropped (EXIF can hold the GPS position of the shop or a customer's
 * home). Why these widths, this quality and one libvips thread:
 * docs/decisions/2026-11-22-gallery-photos.md.
 */

/** Tile widths in device pixels: a phone's tile (178 CSS px) at DPR 1, 2, 3, and tablets. */
export const PHOTO_WIDTHS = [180, 360, 540, 720] as const;
const WEBP_QUALITY = 75;
/** libwebp's fastest method: 2 to 5 times faster than the default 4, about the same bytes. */
const WEBP_EFFORT = 0;
/** 1080x1350 is 1.5 megapixels; anything past 40 is not a photo Instagram serves. */
export const MAX_INPUT_PIXELS = 40_000_000;

// One libvips thread per image and no operation cache: the server's other core stays free
// for pages, and memory returns after each photo.
sharp.concurrency(1);
sharp.cache(false);

export type PhotoVariant = {
  readonly width: number;
  readonly height: number;
  readonly data: Buffer;
};

export async function resizePhoto(
  input: Buffer,
  widths: readonly number[] = PHOTO_WIDTHS,
): Promise<PhotoVariant[]> {
  try {
    const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'warning' });
    const { format } = await source.metadata();
    if (!['jpeg', 'png', 'webp', 'heif'].includes(format)) {
      throw new PhotoError('not-an-image', `unsupported format ${format}`);
    }
    const largest = Math.max(...widths);
    // Decode (with JPEG shrink-on-load) and orient once; every width is made from this.
    const upright = await source
      .autoOrient()
      .resize({ width: largest, withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = upright.info;
    const targets = [...new Set(widths.map((w) => Math.min(w, width)))].sort((a, b) => a - b);
    const variants: PhotoVariant[] = [];
    for (const target of targets) {
      const { data, info } = await sharp(upright.data, { raw: { width, height, channels } })
        .resize({ width: target })
        .webp({ quality: WEBP_QUALITY, effort: WEBP_EFFORT })
        .toBuffer({ resolveWithObject: true });
      variants.push({ width: info.width, height: info.height, data });
    }
    return variants;
  } catch (error) {
    if (error instanceof PhotoError) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(message)) throw new PhotoError('too-many-pixels', message);
    throw new PhotoError('undecodable', message.split('\n')[0] ?? 'cannot decode');
  }
}

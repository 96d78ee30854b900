/**
 * The one catalogue shape: the CLI writes it, the server validates it (at start and on every
 * change of the file) and the product pages read it. Amounts are integer centavos.
 * `meta.canonical` is a root-relative path; the server prefixes SITE_URL, so the generated
 * file does not depend on where the site is deployed. `url` is stored only when the
 * spreadsheet gives one: the default WhatsApp link is derived from the business details
 * when the page renders (see lookup.ts and docs/decisions/2026-11-22-live-catalogue.md).
 */
import { z } from 'zod';
import { formatARSPlain, instalment, INSTALMENTS_OFFER } from './money.ts';
import { slugify } from './slug.ts';
import { productPath } from './paths.ts';
import { addDays, shopDate, MAX_VALID_DAYS } from './validity.ts';

export const CATALOGUE_VERSION = 2;

const centavos = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug en minúsculas con guiones');

export const modeloSchema = z
  .object({
    nombre: z.string().trim().min(1),
    slug,
    precio: centavos,
    cuotas: z.object({ en3: centavos, en6: centavos }).strict(),
    url: z.url({ protocol: /^https?$/ }).optional(),
    meta: z
      .object({
        title: z.string().min(1),
        description: z.string().min(1),
        keywords: z.string().min(1),
        canonical: z.string().regex(/^\/parabrisa\/[a-z0-9-]+\/[a-z0-9-]+$/),
      })
      .strict(),
  })
  .strict();

export const marcaSchema = z
  .object({
    marca: z.string().trim().min(1),
    slug,
    modelos: z.array(modeloSchema).min(1),
  })
  .strict();

export const catalogueSchema = z
  .object({
    version: z.literal(CATALOGUE_VERSION),
    /** When the CLI built it (ISO instant, UTC). */
    actualizado: z.iso.datetime(),
    /** Last day the prices hold, in Jujuy (JSON-LD priceValidUntil). */
    vigenteHasta: z.iso.date(),
    marcas: z.array(marcaSchema),
  })
  .strict()
  .superRefine((catalogue, ctx) => {
    const built = shopDate(new Date(catalogue.actualizado));
    if (catalogue.vigenteHasta < built || catalogue.vigenteHasta > addDays(built, MAX_VALID_DAYS)) {
      ctx.addIssue({
        code: 'custom',
        path: ['vigenteHasta'],
        message: `vigenteHasta debe estar entre ${built} y ${MAX_VALID_DAYS} días después`,
      });
    }
    const brandSlugs = new Set<string>();
    catalogue.marcas.forEach((marca, i) => {
      if (brandSlugs.has(marca.slug)) {
        ctx.addIssue({
          code: 'custom',
          path: ['marcas', i, 'slug'],
          message: `marca repetida: ${marca.slug}`,
        });
      }
      brandSlugs.add(marca.slug);
      const modelSlugs = new Set<string>();
      marca.modelos.forEach((modelo, j) => {
        const path = ['marcas', i, 'modelos', j];
        if (modelSlugs.has(modelo.slug)) {
          ctx.addIssue({
            code: 'custom',
            path: [...path, 'slug'],
            message: `modelo repetido: ${modelo.slug}`,
          });
        }
        modelSlugs.add(modelo.slug);
        if (
          modelo.cuotas.en3 !== instalment(modelo.precio, 3) ||
          modelo.cuotas.en6 !== instalment(modelo.precio, 6)
        ) {
          ctx.addIssue({
            code: 'custom',
            path: [...path, 'cuotas'],
            message: 'las cuotas no coinciden con el precio',
          });
        }
        if (modelo.meta.canonical !== productPath(marca.slug, modelo.slug)) {
          ctx.addIssue({
            code: 'custom',
            path: [...path, 'meta', 'canonical'],
            message: 'canonical no coincide con los slugs',
          });
        }
      });
    });
  });

export type Catalogue = z.infer<typeof catalogueSchema>;
export type Marca = z.infer<typeof marcaSchema>;
export type Modelo = z.infer<typeof modeloSchema>;

/** One priced row of the owner's spreadsheet, already validated. */
export type PriceRow = { marca: string; modelo: string; precio: number; url?: string | undefined };

/** Builds one model entry: slugs, instalments and SEO text all follow from the row. */
export function buildModelo(row: PriceRow): Modelo {
  const marcaSlug = slugify(row.marca);
  const modeloSlug = slugify(row.modelo);
  const name = `${row.marca} ${row.modelo}`;
  const en3 = instalment(row.precio, 3);
  const en6 = instalment(row.precio, 6);
  return {
    nombre: row.modelo,
    slug: modeloSlug,
    precio: row.precio,
    cuotas: { en3, en6 },
    ...(row.url === undefined ? {} : { url: row.url }),
    meta: {
      title: `Parabrisas ${name} - Repuestos y Servicios en Jujuy`,
      description: `Parabrisas para ${name} en Jujuy: ${formatARSPlain(row.precio)} de contado o en ${INSTALMENTS_OFFER}. Colocación en taller o a domicilio y trabajo garantizado.`,
      keywords: [
        `parabrisas ${name}`,
        `parabrisas ${row.modelo} jujuy`,
        `cristales ${name}`,
        'colocación de parabrisas en jujuy',
      ]
        .join(', ')
        .toLowerCase(),
      canonical: productPath(marcaSlug, modeloSlug),
    },
  };
}

/** When the catalogue is built and how many days its prices hold. */
export type BuildStamp = { readonly builtAt: Date; readonly validDays: number };

/**
 * Builds the whole catalogue from validated rows, in a stable order (brand, then model).
 * The same rows and stamp give the same catalogue (tests pass a fixed `builtAt`).
 */
export function buildCatalogue(rows: readonly PriceRow[], stamp: BuildStamp): Catalogue {
  const byBrand = new Map<string, { marca: string; rows: PriceRow[] }>();
  for (const row of rows) {
    const key = slugify(row.marca);
    const entry = byBrand.get(key) ?? { marca: row.marca, rows: [] };
    entry.rows.push(row);
    byBrand.set(key, entry);
  }
  const collator = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });
  const marcas = [...byBrand.entries()]
    .sort(([a], [b]) => collator.compare(a, b))
    .map(([brandSlug, { marca, rows: brandRows }]) => ({
      marca,
      slug: brandSlug,
      modelos: brandRows.map(buildModelo).sort((a, b) => collator.compare(a.slug, b.slug)),
    }));
  return {
    version: CATALOGUE_VERSION,
    actualizado: stamp.builtAt.toISOString(),
    vigenteHasta: addDays(shopDate(stamp.builtAt), stamp.validDays),
    marcas,
  };
}

/** Deterministic serialisation: same rows, same bytes. */
export function serializeCatalogue(catalogue: Catalogue): string {
  return `${JSON.stringify(catalogue, null, 2)}\n`;
}

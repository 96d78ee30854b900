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
import { piecePath } from './paths.ts';
import { addDays, shopDate, MAX_VALID_DAYS } from './validity.ts';
import {
  CALIDADES,
  FEATURES,
  isPlainVariant,
  variantParts,
  type Pieza,
  type Variant,
} from './pieces.ts';

export const CATALOGUE_VERSION = 3;

const centavos = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'slug en minúsculas con guiones');
const year = z.number().int().min(1900).max(2200);
const text = z.string().trim().min(1);
const cuotas = z.object({ en3: centavos, en6: centavos }).strict();
const url = z.url({ protocol: /^https?$/ });

const disponibilidadSchema = z.discriminatedUnion('tipo', [
  z.object({ tipo: z.literal('stock') }).strict(),
  z
    .object({ tipo: z.literal('pedido'), dias: z.number().int().min(1).max(365).optional() })
    .strict(),
]);

/**
 * One version of a model's glass (one row of the sheet): its own price, and what tells it from
 * the model's other versions. `id` is stable while the row's variant cells stay the same
 * (`?version=` links use it).
 */
export const versionSchema = z
  .object({
    id: slug,
    precio: centavos,
    cuotas,
    url: url.optional(),
    anioDesde: year.optional(),
    anioHasta: year.optional(),
    version: text.optional(),
    caracteristicas: z.array(z.enum(FEATURES)),
    calidad: z.enum(CALIDADES).optional(),
    marcaVidrio: text.optional(),
    disponibilidad: disponibilidadSchema.optional(),
    codigo: text.optional(),
  })
  .strict();

/**
 * A model's page. A model the sheet gives in one plain row is stored as before versions
 * existed (no `versiones`, `url` here); otherwise `versiones` lists them and `precio` and
 * `cuotas` are the lowest version's ("desde").
 */
export const modeloSchema = z
  .object({
    nombre: text,
    slug,
    precio: centavos,
    cuotas,
    url: url.optional(),
    versiones: z.array(versionSchema).min(1).optional(),
    meta: z
      .object({
        title: z.string().min(1),
        description: z.string().min(1),
        keywords: z.string().min(1),
        canonical: z.string().regex(/^\/(parabrisa|luneta)\/[a-z0-9-]+\/[a-z0-9-]+$/),
      })
      .strict(),
  })
  .strict();

/** A brand's windshields (`modelos`, as before rear windows existed) and rear windows. */
export const marcaSchema = z
  .object({
    marca: text,
    slug,
    modelos: z.array(modeloSchema),
    lunetas: z.array(modeloSchema).min(1).optional(),
  })
  .strict()
  .refine((marca) => marca.modelos.length > 0 || marca.lunetas !== undefined, {
    message: 'una marca sin parabrisas ni lunetas',
  });

type Issue = { path: (string | number)[]; message: string };

/** What the types cannot say about one model: instalments, canonical, versions. */
function modelIssues(pieza: Pieza, marcaSlug: string, modelo: Modelo): Issue[] {
  const issues: Issue[] = [];
  const instalmentsMatch = (p: { precio: number; cuotas: { en3: number; en6: number } }) =>
    p.cuotas.en3 === instalment(p.precio, 3) && p.cuotas.en6 === instalment(p.precio, 6);
  if (!instalmentsMatch(modelo)) {
    issues.push({ path: ['cuotas'], message: 'las cuotas no coinciden con el precio' });
  }
  if (modelo.meta.canonical !== piecePath(pieza, marcaSlug, modelo.slug)) {
    issues.push({ path: ['meta', 'canonical'], message: 'canonical no coincide con los slugs' });
  }
  const versiones = modelo.versiones ?? [];
  if (versiones.length > 0) {
    if (modelo.url !== undefined) {
      issues.push({ path: ['url'], message: 'con versiones, cada versión lleva su enlace' });
    }
    if (modelo.precio !== Math.min(...versiones.map((v) => v.precio))) {
      issues.push({ path: ['precio'], message: 'el precio no es el de la versión más barata' });
    }
  }
  const ids = new Set<string>();
  versiones.forEach((version, k) => {
    const path = ['versiones', k];
    if (ids.has(version.id))
      issues.push({ path: [...path, 'id'], message: `versión repetida: ${version.id}` });
    ids.add(version.id);
    if (!instalmentsMatch(version)) {
      issues.push({ path: [...path, 'cuotas'], message: 'las cuotas no coinciden con el precio' });
    }
    if (
      version.anioDesde !== undefined &&
      version.anioHasta !== undefined &&
      version.anioDesde > version.anioHasta
    ) {
      issues.push({
        path: [...path, 'anioDesde'],
        message: 'el año desde es posterior al año hasta',
      });
    }
    const sorted = FEATURES.filter((f) => version.caracteristicas.includes(f));
    if (
      sorted.length !== version.caracteristicas.length ||
      sorted.some((f, n) => version.caracteristicas[n] !== f)
    ) {
      issues.push({
        path: [...path, 'caracteristicas'],
        message: 'características repetidas o fuera de orden',
      });
    }
  });
  return issues;
}

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
      for (const [pieza, list] of [
        ['parabrisas', marca.modelos],
        ['luneta', marca.lunetas ?? []],
      ] as const) {
        const key = LIST_OF[pieza];
        const modelSlugs = new Set<string>();
        list.forEach((modelo, j) => {
          const path = ['marcas', i, key, j];
          if (modelSlugs.has(modelo.slug)) {
            ctx.addIssue({
              code: 'custom',
              path: [...path, 'slug'],
              message: `modelo repetido: ${modelo.slug}`,
            });
          }
          modelSlugs.add(modelo.slug);
          for (const issue of modelIssues(pieza, marca.slug, modelo)) {
            ctx.addIssue({
              code: 'custom',
              path: [...path, ...issue.path],
              message: issue.message,
            });
          }
        });
      }
    });
  });

export type Catalogue = z.infer<typeof catalogueSchema>;
export type Marca = z.infer<typeof marcaSchema>;
export type Modelo = z.infer<typeof modeloSchema>;
export type Version = z.infer<typeof versionSchema>;
export type Availability = z.infer<typeof disponibilidadSchema>;

/** Where a brand keeps each piece's models. */
export const LIST_OF = { parabrisas: 'modelos', luneta: 'lunetas' } as const satisfies Record<
  Pieza,
  keyof Marca
>;

/** A brand's models of one piece. */
export function modelsOf(marca: Marca, pieza: Pieza): readonly Modelo[] {
  return pieza === 'parabrisas' ? marca.modelos : (marca.lunetas ?? []);
}

/**
 * One priced row of the owner's spreadsheet, already validated. A row of an old three-column
 * sheet has no `pieza` (a windshield) and a plain variant.
 */
export type PriceRow = {
  marca: string;
  modelo: string;
  precio: number;
  url?: string | undefined;
  pieza?: Pieza | undefined;
  variante?: Variant | undefined;
  disponibilidad?: Availability | undefined;
};

const PIECE_NAMES = { parabrisas: 'Parabrisas', luneta: 'Luneta' } as const satisfies Record<
  Pieza,
  string
>;

/** The row's variant with its features in FEATURES order (none when the sheet has no such columns). */
function normalVariant(row: PriceRow): Variant {
  const variant = row.variante ?? { caracteristicas: [] };
  return {
    ...variant,
    caracteristicas: FEATURES.filter((f) => variant.caracteristicas.includes(f)),
  };
}

/** How one version is named in links: its variant cells as a slug, unique within the model. */
function versionIds(rows: readonly PriceRow[]): string[] {
  const used = new Set<string>();
  return rows.map((row) => {
    const base = slugify(variantParts(normalVariant(row)).join(' ')) || 'estandar';
    let id = base;
    for (let n = 2; used.has(id); n += 1) id = `${base}-${n}`;
    used.add(id);
    return id;
  });
}

const collator = new Intl.Collator('es', { numeric: true, sensitivity: 'base' });

/** Versions in reading order: by years (open start first), then price. */
function byYearsThenPrice(a: PriceRow, b: PriceRow): number {
  const from = (r: PriceRow) => r.variante?.anioDesde ?? 0;
  const to = (r: PriceRow) => r.variante?.anioHasta ?? Number.MAX_SAFE_INTEGER;
  return (
    from(a) - from(b) ||
    to(a) - to(b) ||
    a.precio - b.precio ||
    collator.compare(
      variantParts(a.variante ?? { caracteristicas: [] }).join(' '),
      variantParts(b.variante ?? { caracteristicas: [] }).join(' '),
    )
  );
}

function buildVersion(row: PriceRow, id: string): Version {
  const v = row.variante ?? { caracteristicas: [] };
  return {
    id,
    precio: row.precio,
    cuotas: { en3: instalment(row.precio, 3), en6: instalment(row.precio, 6) },
    ...(row.url === undefined ? {} : { url: row.url }),
    ...(v.anioDesde === undefined ? {} : { anioDesde: v.anioDesde }),
    ...(v.anioHasta === undefined ? {} : { anioHasta: v.anioHasta }),
    ...(v.version === undefined ? {} : { version: v.version }),
    caracteristicas: FEATURES.filter((f) => v.caracteristicas.includes(f)),
    ...(v.calidad === undefined ? {} : { calidad: v.calidad }),
    ...(v.marcaVidrio === undefined ? {} : { marcaVidrio: v.marcaVidrio }),
    ...(row.disponibilidad === undefined ? {} : { disponibilidad: row.disponibilidad }),
    ...(v.codigo === undefined ? {} : { codigo: v.codigo }),
  };
}

/**
 * Builds one model entry from its rows (one piece of one brand and model): slugs, instalments
 * and SEO text all follow from them. One plain row gives the entry old sheets gave.
 */
export function buildModelo(rows: readonly [PriceRow, ...PriceRow[]]): Modelo {
  const [first] = rows;
  const pieza = first.pieza ?? 'parabrisas';
  const marcaSlug = slugify(first.marca);
  const modeloSlug = slugify(first.modelo);
  const name = `${first.marca} ${first.modelo}`;
  const plain =
    rows.length === 1 &&
    isPlainVariant(first.variante ?? { caracteristicas: [] }) &&
    first.disponibilidad === undefined;
  const sorted = [...rows].sort(byYearsThenPrice);
  const ids = versionIds(sorted);
  const precio = Math.min(...rows.map((r) => r.precio));
  const shown = plain ? formatARSPlain(precio) : `desde ${formatARSPlain(precio)}`;
  const piece = PIECE_NAMES[pieza];
  return {
    nombre: first.modelo,
    slug: modeloSlug,
    precio,
    cuotas: { en3: instalment(precio, 3), en6: instalment(precio, 6) },
    ...(plain && first.url !== undefined ? { url: first.url } : {}),
    ...(plain ? {} : { versiones: sorted.map((row, k) => buildVersion(row, ids[k] ?? '')) }),
    meta: {
      title: `${piece} ${name} - Repuestos y Servicios en Jujuy`,
      description: `${piece} para ${name} en Jujuy: ${shown} de contado o en ${INSTALMENTS_OFFER}. Colocación en taller o a domicilio y trabajo garantizado.`,
      keywords: [
        `${piece} ${name}`,
        `${piece} ${first.modelo} jujuy`,
        `cristales ${name}`,
        `colocación de ${piece} en jujuy`,
      ]
        .join(', ')
        .toLowerCase(),
      canonical: piecePath(pieza, marcaSlug, modeloSlug),
    },
  };
}

/** When the catalogue is built and how many days its prices hold. */
export type BuildStamp = { readonly builtAt: Date; readonly validDays: number };

/** Groups items by key, keeping the first-seen order of keys and of items within each group. */
function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, [T, ...T[]]> {
  const groups = new Map<string, [T, ...T[]]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/**
 * Builds the whole catalogue from validated rows, in a stable order (brand, then model).
 * The same rows and stamp give the same catalogue (tests pass a fixed `builtAt`).
 */
export function buildCatalogue(rows: readonly PriceRow[], stamp: BuildStamp): Catalogue {
  const byBrand = groupBy(rows, (row) => slugify(row.marca));
  const marcas = [...byBrand.entries()]
    .sort(([a], [b]) => collator.compare(a, b))
    .map(([brandSlug, brandRows]) => {
      const models = (pieza: Pieza) =>
        [
          ...groupBy(
            brandRows.filter((r) => (r.pieza ?? 'parabrisas') === pieza),
            (r) => slugify(r.modelo),
          ).values(),
        ]
          .map(buildModelo)
          .sort((a, b) => collator.compare(a.slug, b.slug));
      const lunetas = models('luneta');
      return {
        marca: brandRows[0].marca,
        slug: brandSlug,
        modelos: models('parabrisas'),
        ...(lunetas.length > 0 ? { lunetas } : {}),
      };
    });
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

/** Days between two ISO dates (`2026-11-22` → `2026-12-22` is 30). */
function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The same prices with a new date: publishing (or going back to an earlier version) renews
 * "Precios actualizados el ..." and keeps the validity period the catalogue was built with.
 */
export function restampCatalogue(catalogue: Catalogue, builtAt: Date): Catalogue {
  const validDays = daysBetween(shopDate(new Date(catalogue.actualizado)), catalogue.vigenteHasta);
  return {
    ...catalogue,
    actualizado: builtAt.toISOString(),
    vigenteHasta: addDays(shopDate(builtAt), Math.min(Math.max(validDays, 1), MAX_VALID_DAYS)),
  };
}

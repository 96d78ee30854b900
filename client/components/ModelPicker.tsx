import { useEffect, useRef, useState } from 'react';
import type { BrandIndex } from '../../catalogue/lookup.ts';
import { PIEZAS, type Pieza } from '../../catalogue/pieces.ts';
import { pieceNames } from '../content/glass.ts';
import { island } from '../islands/island.tsx';
import { paths, queryParams } from '../paths.ts';

type PickerModel = { readonly nombre: string; readonly slug: string };

/** What the picker shows of the catalogue (no prices: they would only weigh on the page). */
export type PickerBrands = readonly {
  readonly marca: string;
  readonly slug: string;
  readonly modelos: readonly PickerModel[];
  /** Rear windows; absent when the brand has none. */
  readonly lunetas?: readonly PickerModel[];
}[];

const names = (models: BrandIndex[number]['modelos']): PickerModel[] =>
  models.map(({ nombre, slug }) => ({ nombre, slug }));

export function pickerBrands(index: BrandIndex): PickerBrands {
  return index.map(({ marca, slug, modelos, lunetas }) => ({
    marca,
    slug,
    modelos: names(modelos),
    ...(lunetas.length > 0 ? { lunetas: names(lunetas) } : {}),
  }));
}

/** The brand's models of the piece; before a piece is chosen, of either piece (no JavaScript). */
function modelsFor(brand: PickerBrands[number], pieza: Pieza | undefined): readonly PickerModel[] {
  if (pieza === 'parabrisas') return brand.modelos;
  if (pieza === 'luneta') return brand.lunetas ?? [];
  const seen = new Set(brand.modelos.map((m) => m.slug));
  return [...brand.modelos, ...(brand.lunetas ?? []).filter((m) => !seen.has(m.slug))];
}

const isPieza = (value: string): value is Pieza => PIEZAS.some((p) => p === value);

/**
 * Piece -> brand -> model picker (an island). A plain GET form the server answers with a
 * redirect, so it works without JavaScript; hydrated, the model list narrows to the chosen
 * piece and brand.
 */
function Picker({ marcas, compact }: { marcas: PickerBrands; compact?: boolean }) {
  const [brand, setBrand] = useState('');
  const [piece, setPiece] = useState<Pieza | undefined>(undefined);
  const brandSelect = useRef<HTMLSelectElement>(null);
  const pieceSelect = useRef<HTMLSelectElement>(null);
  const withRearWindows = marcas.some((m) => m.lunetas);
  // A brand or piece chosen before hydration: narrow the list to it now.
  useEffect(() => {
    if (brandSelect.current?.value) setBrand(brandSelect.current.value);
    const chosen = pieceSelect.current?.value ?? '';
    if (isPieza(chosen) && chosen !== 'parabrisas') setPiece(chosen);
  }, []);
  const shown = (brand ? marcas.filter((m) => m.slug === brand) : marcas)
    .map((m) => ({ ...m, models: modelsFor(m, piece) }))
    .filter((m) => m.models.length > 0);
  return (
    <form
      className={['picker', compact ? 'picker-compact' : '', withRearWindows ? 'picker-pieces' : '']
        .filter(Boolean)
        .join(' ')}
      method="get"
      action={paths.picker}
    >
      {withRearWindows ? (
        <div className="field">
          <label htmlFor="picker-pieza">Vidrio</label>
          <select
            id="picker-pieza"
            ref={pieceSelect}
            name={queryParams.pickerPiece}
            defaultValue="parabrisas"
            onChange={(e) => setPiece(isPieza(e.target.value) ? e.target.value : undefined)}
          >
            {PIEZAS.map((p) => (
              <option key={p} value={p}>
                {pieceNames[p].name}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div className="field">
        <label htmlFor="picker-marca">Marca</label>
        <select
          id="picker-marca"
          ref={brandSelect}
          name={queryParams.pickerBrand}
          value={brand}
          onChange={(e) => setBrand(e.target.value)}
        >
          <option value="">Todas las marcas</option>
          {marcas.map((m) => (
            <option key={m.slug} value={m.slug}>
              {m.marca}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="picker-modelo">Modelo</label>
        <select id="picker-modelo" name={queryParams.pickerModel} defaultValue="" required>
          <option value="" disabled>
            Elegí el modelo
          </option>
          {shown.map((m) => (
            <optgroup key={m.slug} label={m.marca}>
              {m.models.map((modelo) => (
                <option key={modelo.slug} value={`${m.slug}/${modelo.slug}`}>
                  {m.marca} {modelo.nombre}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
      <button type="submit" className="button button-primary">
        Ver precio
      </button>
    </form>
  );
}

export const ModelPicker = island('picker', Picker);

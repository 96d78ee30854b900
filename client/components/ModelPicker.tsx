import { useEffect, useRef, useState } from 'react';
import type { BrandIndex } from '../../catalogue/lookup.ts';
import { island } from '../islands/island.tsx';
import { paths, queryParams } from '../paths.ts';

/** What the picker shows of the catalogue (no prices: they would only weigh on the page). */
export type PickerBrands = readonly {
  readonly marca: string;
  readonly slug: string;
  readonly modelos: readonly { readonly nombre: string; readonly slug: string }[];
}[];

export function pickerBrands(index: BrandIndex): PickerBrands {
  return index.map(({ marca, slug, modelos }) => ({
    marca,
    slug,
    modelos: modelos.map(({ nombre, slug }) => ({ nombre, slug })),
  }));
}

/**
 * Brand -> model picker (an island). A plain GET form the server answers with a redirect,
 * so it works without JavaScript; hydrated, the model list narrows to the chosen brand.
 */
function Picker({ marcas, compact }: { marcas: PickerBrands; compact?: boolean }) {
  const [brand, setBrand] = useState('');
  const brandSelect = useRef<HTMLSelectElement>(null);
  // A brand chosen before hydration: narrow the list to it now.
  useEffect(() => {
    if (brandSelect.current?.value) setBrand(brandSelect.current.value);
  }, []);
  const shown = brand ? marcas.filter((m) => m.slug === brand) : marcas;
  return (
    <form
      className={compact ? 'picker picker-compact' : 'picker'}
      method="get"
      action={paths.picker}
    >
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
              {m.modelos.map((modelo) => (
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

import { useState } from 'react';

/**
 * Brand -> model picker. A plain GET form the server answers with a redirect, so it
 * works without JavaScript; with JavaScript the model list narrows to the chosen brand.
 */
import type { BrandIndex } from '../../catalogue/lookup.ts';
import { paths, queryParams } from '../paths.ts';

export function ModelPicker({ marcas, compact }: { marcas: BrandIndex; compact?: boolean }) {
  const [brand, setBrand] = useState('');
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

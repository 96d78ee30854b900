import { useEffect, useRef, useState } from 'react';
import { PIEZAS, type Pieza } from '../../catalogue/pieces.ts';
import { pieceNames } from '../content/glass.ts';
import { island } from '../islands/island.tsx';
import { paths, queryParams } from '../paths.ts';
import { fetchPickerBrand, type PickerBrand, type PickerChoices } from './picker-models.ts';

type Props = PickerChoices & {
  readonly compact?: boolean;
  /** The brand already chosen (its page): its models are in the form from the start. */
  readonly chosen?: PickerBrand;
};

const isPieza = (value: string): value is Pieza => PIEZAS.some((p) => p === value);

/** Brands whose models were fetched on this page: choosing one again asks nobody. */
const fetched = new Map<string, PickerBrand>();

/**
 * Piece -> brand -> model picker (an island). The page holds the brand names only. Without
 * JavaScript it is a GET form: a brand alone lands on the brand's page (its models, and
 * this picker with them), a model on its product page. Hydrated, choosing a brand fetches
 * that brand's models and fills the model list in place.
 */
function Picker({ marcas, pieces, compact, chosen }: Props) {
  const [brand, setBrand] = useState(chosen?.marca ?? '');
  const [piece, setPiece] = useState<Pieza>('parabrisas');
  const [models, setModels] = useState<PickerBrand | undefined>(chosen);
  const [loading, setLoading] = useState(false);
  const brandSelect = useRef<HTMLSelectElement>(null);
  const pieceSelect = useRef<HTMLSelectElement>(null);

  const pending = useRef<AbortController | null>(null);

  function choose(name: string) {
    setBrand(name);
    pending.current?.abort();
    setLoading(false);
    if (!name || name === models?.marca) return;
    const known = fetched.get(name);
    if (known) return void setModels(known);
    const controller = new AbortController();
    pending.current = controller;
    setLoading(true);
    fetchPickerBrand(name, controller.signal)
      .then((answer) => {
        fetched.set(name, answer);
        if (!controller.signal.aborted) setModels(answer);
      })
      // The model list stays closed: the form then sends the brand, and its page answers.
      .catch(() => undefined)
      .finally(() => {
        if (pending.current === controller) setLoading(false);
      });
  }

  // A brand or piece chosen before hydration: take over from that state.
  useEffect(() => {
    const early = brandSelect.current?.value ?? '';
    if (early && early !== chosen?.marca) choose(early);
    const earlyPiece = pieceSelect.current?.value ?? '';
    if (isPieza(earlyPiece)) setPiece(earlyPiece);
    return () => pending.current?.abort();
    // Once, at hydration: later choices go through the select's onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const list = models ? (piece === 'luneta' ? models.lunetas : models.modelos) : [];
  const ready = models !== undefined && models.marca === brand && list.length > 0;
  const placeholder = loading
    ? 'Cargando modelos…'
    : models && models.marca === brand
      ? `Sin ${pieceNames[piece].plural.toLowerCase()} de ${models.marca} en la lista`
      : 'Primero elegí la marca';
  return (
    <form
      className={['picker', compact ? 'picker-compact' : '', pieces ? 'picker-pieces' : '']
        .filter(Boolean)
        .join(' ')}
      method="get"
      action={paths.picker}
    >
      {pieces ? (
        <div className="field">
          <label htmlFor="picker-pieza">Vidrio</label>
          <select
            id="picker-pieza"
            ref={pieceSelect}
            name={queryParams.pickerPiece}
            value={piece}
            onChange={(e) => setPiece(isPieza(e.target.value) ? e.target.value : 'parabrisas')}
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
          required
          onChange={(e) => choose(e.target.value)}
        >
          <option value="">Elegí la marca</option>
          {marcas.map((name) => (
            <option key={name}>{name}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor="picker-modelo">Modelo</label>
        {ready ? (
          <select
            key={`${models.slug}/${piece}`}
            id="picker-modelo"
            name={queryParams.pickerModel}
            defaultValue=""
            required
          >
            <option value="" disabled>
              Elegí el modelo
            </option>
            {list.map((modelo) => (
              <option key={modelo.slug} value={`${models.slug}/${modelo.slug}`}>
                {`${models.marca} ${modelo.nombre}`}
              </option>
            ))}
          </select>
        ) : (
          <select id="picker-modelo" disabled aria-busy={loading}>
            <option>{placeholder}</option>
          </select>
        )}
      </div>
      <button type="submit" className="button button-primary">
        {ready || brand === '' ? 'Ver precio' : 'Ver modelos'}
      </button>
    </form>
  );
}

export const ModelPicker = island('picker', Picker);

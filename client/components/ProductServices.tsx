import { installLine } from '../content/zones.ts';
import { useFacts } from '../facts/use-facts.ts';
import { paths } from '../paths.ts';

/** What every product page says about home installation and the answer pages. */
export function ProductServices() {
  const { zones } = useFacts();
  return (
    <section className="product-services" aria-labelledby="servicios-producto">
      <h2 id="servicios-producto">Antes de comprar</h2>
      <ul className="product-points">
        <li>
          {installLine(zones)} <a href={paths.homeInstallation}>Ver todas las zonas</a>
        </li>
        <li>
          ¿Es un impacto chico? Quizás se repara:{' '}
          <a href={paths.repairOrReplace}>¿reparar o cambiar?</a>
        </li>
        <li>
          ¿Tenés seguro? <a href={paths.insurance}>Cambialo con tu seguro</a>
        </li>
        <li>
          Trabajo garantizado: <a href={paths.warranty}>términos de la garantía</a>
        </li>
      </ul>
    </section>
  );
}

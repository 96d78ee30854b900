import { freeInstallLine } from '../content/zones.ts';
import { paths } from '../paths.ts';

/** What every product page says about home installation and the answer pages. */
export function ProductServices() {
  return (
    <section className="product-services" aria-labelledby="servicios-producto">
      <h2 id="servicios-producto">Antes de comprar</h2>
      <ul className="product-points">
        <li>
          {freeInstallLine} <a href={paths.homeInstallation}>Ver todas las zonas</a>
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

import { insurancePage as c } from '../content/insurance.ts';
import { AnswerList, AnswerPage, WhatsAppButton } from '../components/AnswerPage.tsx';
import { paths } from '../paths.ts';

/** `/seguros`: what glass cover usually includes and how the shop works with insurers. */
export function InsurancePage() {
  return (
    <AnswerPage
      title={c.title}
      metaTitle={c.metaTitle}
      description={c.description}
      path={paths.insurance}
    >
      <p className="lead">{c.intro}</p>
      <AnswerList id="seguro-cubre" title={c.coverTitle} items={c.cover} />
      <AnswerList id="seguro-traer" title={c.bringTitle} items={c.bring} />
      <AnswerList id="seguro-pasos" title={c.stepsTitle} items={c.steps} ordered />
      <section className="answer-section" aria-labelledby="seguro-cristal-propio">
        <h2 id="seguro-cristal-propio">{c.ownGlassTitle}</h2>
        <p>{c.ownGlass}</p>
      </section>
      <WhatsAppButton message={c.whatsappMessage}>Tengo seguro: escribinos</WhatsAppButton>
      <p>
        ¿El daño es un impacto chico? Puede que no haga falta cambiarlo:{' '}
        <a href={paths.repairOrReplace}>¿reparar o cambiar?</a>
      </p>
    </AnswerPage>
  );
}

import { feeLabel, zonesPage as c } from '../content/zones.ts';
import { useFacts } from '../facts/use-facts.ts';
import { AnswerList, AnswerPage, WhatsAppButton } from '../components/AnswerPage.tsx';
import { paths } from '../paths.ts';

/** `/colocacion-a-domicilio`: every locality the shop drives to, with what it costs (as published). */
export function HomeInstallationPage() {
  const { zones } = useFacts();
  return (
    <AnswerPage
      title={c.title}
      metaTitle={c.metaTitle}
      description={c.description}
      path={paths.homeInstallation}
    >
      <p className="lead">{c.intro}</p>
      <section className="answer-section" aria-labelledby="zonas">
        <h2 id="zonas">Dónde vamos</h2>
        <dl className="zones">
          {zones.map((zone) => (
            <div key={zone.locality} className={`zones__row zones__row--${zone.fee.kind}`}>
              <dt>{zone.locality}</dt>
              <dd>{feeLabel(zone.fee)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <AnswerList id="zonas-condiciones" title="Para tener en cuenta" items={c.conditions} />
      <WhatsAppButton message={c.whatsappMessage}>Coordinar por WhatsApp</WhatsAppButton>
    </AnswerPage>
  );
}

import { tintFaq, tintPage as c } from '../content/tint.ts';
import { AnswerList, AnswerPage, WhatsAppButton } from '../components/AnswerPage.tsx';
import { paths } from '../paths.ts';

/** `/polarizado`: the national law's limits, the VTV, and the province's own rules. */
export function TintPage() {
  return (
    <AnswerPage
      title={c.title}
      metaTitle={c.metaTitle}
      description={c.description}
      path={paths.tint}
    >
      <p className="lead">{c.intro}</p>
      <AnswerList id="polarizado-limites" title="Los límites" items={c.rules} />
      <p className="answer-source">{c.source}</p>
      <p className="answer-note">{c.province}</p>
      <section className="answer-section" aria-labelledby="polarizado-preguntas">
        <h2 id="polarizado-preguntas">Preguntas frecuentes</h2>
        {tintFaq.map((item) => (
          <details key={item.id} name="polarizado" className="faq__item">
            <summary>{item.question}</summary>
            <p>{item.answer}</p>
          </details>
        ))}
      </section>
      <WhatsAppButton message={c.whatsappMessage}>Consultar por un polarizado</WhatsAppButton>
    </AnswerPage>
  );
}

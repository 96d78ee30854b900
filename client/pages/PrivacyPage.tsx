import { privacy, privacyPage as c, reviewsPrivacy } from '../content/privacy.ts';
import { useFacts } from '../facts/use-facts.ts';
import { AnswerList, AnswerPage } from '../components/AnswerPage.tsx';
import { paths } from '../paths.ts';

/** `/privacidad`: what the forms keep and for how long, how to ask for deletion, what is counted. */
export function PrivacyPage() {
  const { responsible } = privacy;
  const facts = useFacts();
  return (
    <AnswerPage
      title={c.title}
      metaTitle={c.metaTitle}
      description={c.description}
      path={paths.privacy}
    >
      <p className="lead">{c.intro}</p>
      <AnswerList id="privacidad-guardamos" title={c.keptTitle} items={c.kept} />
      <AnswerList
        id="privacidad-opiniones"
        title={reviewsPrivacy.title}
        items={reviewsPrivacy.items(facts.privacy)}
      />
      <AnswerList id="privacidad-derechos" title={c.rightsTitle} items={c.rights} />
      <AnswerList id="privacidad-contamos" title={c.countsTitle} items={c.counts} />
      <section className="answer-section" aria-labelledby="privacidad-responsable">
        <h2 id="privacidad-responsable">{c.whoTitle}</h2>
        <p>
          {responsible.name}, {responsible.address}.{' '}
          <a href={`mailto:${responsible.email}`}>{responsible.email}</a>
        </p>
      </section>
    </AnswerPage>
  );
}

import { privacyPage as c, reviewsPrivacy } from '../content/privacy.ts';
import { useFacts } from '../facts/use-facts.ts';
import { AnswerList, AnswerPage } from '../components/AnswerPage.tsx';
import { paths } from '../paths.ts';

/** `/privacidad`: what the forms keep and for how long, how to ask for deletion, what is counted. */
export function PrivacyPage() {
  const { privacy, contact } = useFacts();
  const { address } = contact;
  return (
    <AnswerPage
      title={c.title}
      metaTitle={c.metaTitle}
      description={c.description}
      path={paths.privacy}
    >
      <p className="lead">{c.intro}</p>
      <AnswerList id="privacidad-guardamos" title={c.keptTitle} items={c.kept(privacy)} />
      <AnswerList
        id="privacidad-opiniones"
        title={reviewsPrivacy.title}
        items={reviewsPrivacy.items(privacy)}
      />
      <AnswerList id="privacidad-derechos" title={c.rightsTitle} items={c.rights(privacy)} />
      <AnswerList id="privacidad-contamos" title={c.countsTitle} items={c.counts} />
      <section className="answer-section" aria-labelledby="privacidad-responsable">
        <h2 id="privacidad-responsable">{c.whoTitle}</h2>
        <p>
          {privacy.responsible.name}, {address.street}, {address.locality}, {address.region}.{' '}
          <a href={`mailto:${privacy.responsible.email}`}>{privacy.responsible.email}</a>
        </p>
      </section>
    </AnswerPage>
  );
}

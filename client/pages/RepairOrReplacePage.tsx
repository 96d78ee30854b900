import { useLoaderData } from 'react-router-dom';
import type { AppLoaderArgs } from '../app-context.ts';
import { outcomes, questions, reasons, repairPage as c } from '../content/repair.ts';
import {
  assessDamage,
  completeAnswers,
  questionOrder,
  readGiven,
  selfCheckMessage,
  type GivenAnswers,
  type Verdict,
} from '../repair/self-check.ts';
import { AnswerPage, WhatsAppButton } from '../components/AnswerPage.tsx';
import { paths, queryParams } from '../paths.ts';

type RepairData = { given: GivenAnswers; verdict: Verdict | null };

/** The answers come in the query (a plain GET form): no JavaScript needed. */
export function loader({ request }: AppLoaderArgs): RepairData {
  const given = readGiven(new URL(request.url).searchParams);
  const answers = completeAnswers(given);
  return { given, verdict: answers ? assessDamage(answers) : null };
}

const RESULT_ID = 'resultado';

/** `/reparar-o-cambiar`: the self-check and, once answered, its verdict with a WhatsApp link. */
export function RepairOrReplacePage() {
  const { given, verdict } = useLoaderData<typeof loader>();
  const answered = Object.keys(given).length > 0;
  return (
    <AnswerPage
      title={c.title}
      metaTitle={c.metaTitle}
      description={c.description}
      path={paths.repairOrReplace}
    >
      {verdict ? (
        <section
          id={RESULT_ID}
          className={`verdict verdict--${verdict.outcome}`}
          aria-labelledby="verdict-title"
        >
          <h2 id="verdict-title">{outcomes[verdict.outcome]}</h2>
          <p>{reasons[verdict.reason]}</p>
          <WhatsAppButton message={selfCheckMessage(given, verdict)}>
            {c.whatsappButton}
          </WhatsAppButton>
          <p className="answer-note">{c.disclaimer}</p>
        </section>
      ) : answered ? (
        <p id={RESULT_ID} className="verdict verdict--incomplete" role="status">
          {c.incomplete}
        </p>
      ) : (
        <p className="lead">{c.intro}</p>
      )}
      <form className="self-check" method="get" action={`${paths.repairOrReplace}#${RESULT_ID}`}>
        {questionOrder.map((q) => {
          const text = questions[q];
          const name = queryParams.repairCheck[q];
          return (
            <fieldset key={q} className="self-check__question">
              <legend>{text.legend}</legend>
              {'hint' in text ? <p className="self-check__hint">{text.hint}</p> : null}
              {Object.entries(text.options).map(([value, label], i) => (
                <label key={value} className="self-check__option">
                  <input
                    type="radio"
                    name={name}
                    value={value}
                    defaultChecked={given[q] === value}
                    required={i === 0}
                  />{' '}
                  {label}
                </label>
              ))}
            </fieldset>
          );
        })}
        <button type="submit" className="button button-primary button-lg">
          {c.submit}
        </button>
      </form>
    </AnswerPage>
  );
}

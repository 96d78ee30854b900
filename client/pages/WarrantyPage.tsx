import { warrantyPage as c } from '../content/warranty.ts';
import { AnswerList, AnswerPage, WhatsAppButton } from '../components/AnswerPage.tsx';
import { paths } from '../paths.ts';

/** `/garantia`: the written terms the owner set, the way to claim and the aftercare. */
export function WarrantyPage() {
  return (
    <AnswerPage
      title={c.title}
      metaTitle={c.metaTitle}
      description={c.description}
      path={paths.warranty}
    >
      <p className="lead">{c.intro}</p>
      <AnswerList id="garantia-cubre" title={c.coveredTitle} items={c.covered} />
      <AnswerList id="garantia-no-cubre" title={c.notCoveredTitle} items={c.notCovered} />
      <AnswerList id="garantia-reclamo" title={c.claimTitle} items={c.claim} ordered />
      <WhatsAppButton message={c.whatsappMessage}>Reclamar por WhatsApp</WhatsAppButton>
      <AnswerList id="garantia-cuidados" title={c.aftercareTitle} items={c.aftercare} />
    </AnswerPage>
  );
}

/**
 * Every prefilled WhatsApp message the site links to, by id (client/content/business.ts,
 * whatsappMessageId): the content's fixed messages, the questions of each product page, the
 * published zones' messages, and the self-check's verdict, rebuilt from the page the click
 * came from. The redirect
 * builds its wa.me address from these texts only, never from text in the request.
 */
import type { CatalogueLookup } from '../../catalogue/lookup.ts';
import { PIEZAS } from '../../catalogue/pieces.ts';
import { modelsOf } from '../../catalogue/schema.ts';
import {
  priceQuestion,
  productQuestion,
  whatsappMessageId,
} from '../../client/content/business.ts';
import { hero } from '../../client/content/home.ts';
import { insurancePage, quoteTexts } from '../../client/content/insurance.ts';
import { tintPage } from '../../client/content/tint.ts';
import { warrantyPage } from '../../client/content/warranty.ts';
import { whichGlass } from '../../client/content/which-glass.ts';
import { zonesPage, type Zone } from '../../client/content/zones.ts';
import { bookingPage } from '../../client/content/booking.ts';
import { reviewForm } from '../../client/content/reviews.ts';
import { paths } from '../../client/paths.ts';
import {
  assessDamage,
  completeAnswers,
  readGiven,
  selfCheckMessage,
} from '../../client/repair/self-check.ts';

/** The content's fixed messages (a new one in content must be added here: a test checks the pages). */
const FIXED_MESSAGES: readonly string[] = [
  hero.whatsappMessage,
  whichGlass.askMessage,
  warrantyPage.whatsappMessage,
  insurancePage.whatsappMessage,
  quoteTexts.whatsappMessage,
  tintPage.whatsappMessage,
  zonesPage.whatsappMessage,
  bookingPage.whatsappMessage,
  reviewForm.whatsappMessage,
  priceQuestion('parabrisas'),
];

const byCatalogue = new WeakMap<CatalogueLookup, ReadonlyMap<string, string>>();

/** id -> text for the fixed messages and every product page of this catalogue (built once per catalogue). */
export function knownMessages(lookup: CatalogueLookup): ReadonlyMap<string, string> {
  const kept = byCatalogue.get(lookup);
  if (kept) return kept;
  const texts = [...FIXED_MESSAGES];
  for (const marca of lookup.catalogue.marcas) {
    for (const pieza of PIEZAS) {
      for (const modelo of modelsOf(marca, pieza)) {
        const name = `${marca.marca} ${modelo.nombre}`;
        texts.push(productQuestion(pieza, name), priceQuestion(pieza, name));
      }
    }
  }
  const messages = new Map(texts.map((text) => [whatsappMessageId(text), text]));
  byCatalogue.set(lookup, messages);
  return messages;
}

const byZones = new WeakMap<readonly Zone[], ReadonlyMap<string, string>>();

/** A locality to agree on ("consultar") from the booking form: one message per published zone. */
function zoneMessages(zones: readonly Zone[]): ReadonlyMap<string, string> {
  const kept = byZones.get(zones);
  if (kept) return kept;
  const messages = new Map(
    zones.map((zone) => {
      const text = `${zonesPage.whatsappMessage}${zone.locality}`;
      return [whatsappMessageId(text), text];
    }),
  );
  byZones.set(zones, messages);
  return messages;
}

/**
 * The text of message `id` as the page the click came from (`from`, a same-origin path and
 * query) shows it: a known message, or the self-check's verdict for the answers in `from`.
 */
export function messageFor(
  id: string,
  lookup: CatalogueLookup,
  zones: readonly Zone[],
  from: URL | undefined,
): string | undefined {
  const known = knownMessages(lookup).get(id) ?? zoneMessages(zones).get(id);
  if (known !== undefined) return known;
  if (from?.pathname !== paths.repairOrReplace) return undefined;
  const given = readGiven(from.searchParams);
  const answers = completeAnswers(given);
  if (!answers) return undefined;
  const text = selfCheckMessage(given, assessDamage(answers));
  return whatsappMessageId(text) === id ? text : undefined;
}

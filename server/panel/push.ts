/**
 * Avisos in the panel: the service the page uses (client/panel/push-types.ts), the JSON call
 * that stores a browser's subscription (behind the guard: session, origin, CSRF header), and
 * what makes the panel an installable web app: its manifest, its icons and its service worker,
 * answered without a session (they hold no data; browsers fetch manifests without cookies).
 */
import sharp from 'sharp';
import type { ShopFacts } from '../../client/facts/types.ts';
import { panelPaths } from '../../client/paths.ts';
import {
  AGENDA_HOURS,
  DEFAULT_AGENDA_HOUR,
  PUSH_KIND_NAMES,
  isPushKind,
  type PanelPush,
  type PushKindName,
} from '../../client/panel/push-types.ts';
import type { Logger } from '../logger.ts';
import type { SitePush } from '../push/index.ts';
import { SERVICE_WORKER_SOURCE } from '../push/service-worker.ts';
import type { PanelEndpoint } from './guard.ts';

const THEME = '#0b3d5c';
const ALL_KINDS: readonly PushKindName[] = Object.keys(PUSH_KIND_NAMES).filter(isPushKind);

export function panelPush(push: SitePush): PanelPush {
  return {
    publicKey: () => push.publicKey(),
    async devices(personId) {
      return (await push.store.devicesOf(personId)).map((d) => ({
        id: d.id,
        name: d.name,
        service: new URL(d.service).host,
        kinds: ALL_KINDS.filter((k) => d.kinds.has(k)),
        agendaHour: d.agendaHour,
        createdAt: d.createdAt,
      }));
    },
    setChoices(personId, deviceId, kinds, agendaHour) {
      const hour = AGENDA_HOURS.includes(agendaHour) ? agendaHour : DEFAULT_AGENDA_HOUR;
      return push.store.setChoices(personId, deviceId, new Set(kinds), hour, new Date());
    },
    remove: (personId, deviceId) => push.store.removeDevice(personId, deviceId),
    test: (personId, deviceId) => push.test(personId, deviceId),
    async mail(personId) {
      const choice = await push.mail.store.choiceOf(personId);
      return {
        unavailable: push.mail.unavailable ?? null,
        email: choice?.email ?? null,
        kinds: ALL_KINDS.filter((k) => choice?.kinds.has(k)),
        agendaHour: choice?.agendaHour ?? DEFAULT_AGENDA_HOUR,
      };
    },
    testMail: (personId) => push.testMail(personId),
    async setMail(personId, choice) {
      if (push.mail.unavailable) return false;
      const hour = AGENDA_HOURS.includes(choice.agendaHour)
        ? choice.agendaHour
        : DEFAULT_AGENDA_HOUR;
      await push.mail.store.setChoice(
        personId,
        { email: choice.email ?? undefined, kinds: new Set(choice.kinds), agendaHour: hour },
        new Date(),
      );
      return true;
    },
  };
}

/** The installed app's icon: a windshield on the site's colour; no text (no font needed). */
function iconSvg(size: number, maskable: boolean): string {
  // A maskable icon keeps its drawing inside the middle 80 % (the safe zone).
  const inset = maskable ? 0.2 : 0.12;
  const w = size * (1 - 2 * inset);
  const x = size * inset;
  const y = size * (inset + 0.12);
  const h = w * 0.55;
  const corner = maskable ? 0 : size * 0.18;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<rect width="${size}" height="${size}" rx="${corner}" fill="${THEME}"/>
<path d="M ${x + w * 0.12} ${y} L ${x + w * 0.88} ${y} Q ${x + w} ${y + h * 0.5} ${x + w} ${y + h} L ${x} ${y + h} Q ${x} ${y + h * 0.5} ${x + w * 0.12} ${y} Z" fill="#e8f1f7"/>
<path d="M ${x + w * 0.2} ${y + h * 0.8} L ${x + w * 0.45} ${y + h * 0.2}" stroke="${THEME}" stroke-width="${size * 0.025}" stroke-linecap="round"/>
<rect x="${x + w * 0.3}" y="${y + h + size * 0.08}" width="${w * 0.4}" height="${size * 0.06}" rx="${size * 0.03}" fill="#e8f1f7"/>
</svg>`;
}

const icons = new Map<string, Promise<Buffer>>();
function icon(size: number, maskable: boolean): Promise<Buffer> {
  const key = `${size}-${maskable}`;
  let made = icons.get(key);
  if (!made) {
    made = sharp(Buffer.from(iconSvg(size, maskable)))
      .png()
      .toBuffer();
    icons.set(key, made);
  }
  return made;
}

export function webAppManifest(facts: ShopFacts) {
  return {
    id: '/panel/',
    name: `Panel · ${facts.contact.name}`,
    short_name: 'Panel',
    description: 'Turnos, mensajes, presupuestos y avisos del negocio.',
    lang: 'es-AR',
    start_url: '/panel/',
    scope: '/panel/',
    display: 'standalone',
    background_color: '#ffffff',
    theme_color: THEME,
    icons: [
      { src: panelPaths.icon192, sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: panelPaths.icon512, sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: panelPaths.iconMaskable, sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  };
}

const NAME_MAX = 60;

export function pushEndpoints(deps: {
  push: SitePush;
  facts: () => ShopFacts;
  logger: Logger;
}): [string, PanelEndpoint][] {
  const { push, facts, logger } = deps;
  const png =
    (size: number, maskable: boolean): PanelEndpoint['handle'] =>
    async (_req, res) => {
      res.type('image/png').send(await icon(size, maskable));
    };
  return [
    [
      panelPaths.pushSubscribe,
      {
        open: false,
        async handle(_req, res, panel) {
          const person = panel.session?.person;
          if (!person) return void res.status(401).json({ ok: false, message: 'Entrá de nuevo.' });
          const endpoint = panel.fields.get('endpoint') ?? '';
          const p256dh = panel.fields.get('p256dh') ?? '';
          const auth = panel.fields.get('auth') ?? '';
          const name =
            (panel.fields.get('nombre') ?? '').trim().slice(0, NAME_MAX) || 'Este teléfono';
          const outcome = await push.subscribe(
            person.id,
            name,
            { endpoint, keys: { p256dh, auth } },
            new Set(ALL_KINDS),
            DEFAULT_AGENDA_HOUR,
          );
          if (outcome.status === 'refused') {
            logger.warn({ reason: outcome.reason }, 'push: a subscription was refused');
            return void res.status(400).json({ ok: false, message: outcome.reason });
          }
          await panel.record('avisos activados', `en «${name}»`);
          res.json({ ok: true, next: panelPaths.push });
        },
      },
    ],
    [
      panelPaths.serviceWorker,
      {
        method: 'GET',
        open: true,
        async handle(_req, res) {
          res.type('text/javascript').send(SERVICE_WORKER_SOURCE);
        },
      },
    ],
    [
      panelPaths.manifest,
      {
        method: 'GET',
        open: true,
        async handle(_req, res) {
          res.type('application/manifest+json').send(JSON.stringify(webAppManifest(facts())));
        },
      },
    ],
    [panelPaths.icon192, { method: 'GET', open: true, handle: png(192, false) }],
    [panelPaths.icon512, { method: 'GET', open: true, handle: png(512, false) }],
    [panelPaths.iconMaskable, { method: 'GET', open: true, handle: png(512, true) }],
  ];
}

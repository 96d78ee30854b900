/**
 * Web Push for a server process (docs/decisions/2026-12-04-web-push.md): the devices, the
 * VAPID key pair (VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY, else made once and kept in the site's
 * database so every instance signs with the same key), and the worker that sends the outbox.
 */
import type { Agent } from 'node:https';
import webpush from 'web-push';
import type { ShopFacts } from '../../client/facts/types.ts';
import type { PushKind, SiteDatabase } from '../../store/schema.ts';
import { createPushStore, type PushDevice, type PushStore } from '../../store/push.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import { endpointProblem } from './endpoint.ts';
import { testPush } from './notices.ts';
import { createAgendaPush } from './agenda.ts';
import type { BookingStore } from '../../store/bookings.ts';
import { createPushSender, type VapidKeys } from './send.ts';
import { createPushWorker, type PushBackoff, type PushWorker } from './worker.ts';
import { createAvisoMailStore, type AvisoMailStore } from '../../store/aviso-mail.ts';
import type { MailerOptions } from '../contact/mailer.ts';
import { createAvisoMailWorker, mailAvailability, type AvisoMailWorker } from './mail.ts';

const VAPID_KEY = 'vapid';

/** A browser's `subscription.toJSON()`, as the page posts it. */
export type SubscriptionJson = {
  readonly endpoint: string;
  readonly keys: { readonly p256dh: string; readonly auth: string };
};

export type SubscribeOutcome =
  | { readonly status: 'saved'; readonly device: PushDevice }
  | { readonly status: 'refused'; readonly reason: string };

export type SitePush = {
  readonly store: PushStore;
  /** Avisos by e-mail (server/push/mail.ts): the choices and whether SMTP is there to send them. */
  readonly mail: {
    readonly store: AvisoMailStore;
    /** Undefined when this server can send them; else why not (the Avisos page says it). */
    readonly unavailable: string | undefined;
  };
  /** The public key the page subscribes with (base64url). */
  publicKey(): Promise<string>;
  subscribe(
    personId: string,
    name: string,
    subscription: SubscriptionJson,
    kinds: ReadonlySet<PushKind>,
    agendaHour: string,
  ): Promise<SubscribeOutcome>;
  /** "Probar": one notification to this device of this person; false when it is not theirs. */
  test(personId: string, deviceId: string): Promise<boolean>;
  /** "Probar e-mail": one mail to this person; false when this server cannot send e-mail. */
  testMail(personId: string): Promise<boolean>;
  start(): void;
  nudge(): void;
  stop(): Promise<void>;
};

export type PushOptions = {
  readonly config: Config;
  readonly database: SiteDatabase;
  readonly logger: Logger;
  readonly facts: () => ShopFacts;
  readonly now: () => Date;
  /** Tests: a TLS agent that trusts the test push service, shorter waits. */
  readonly agent?: Agent;
  readonly timeoutMs?: number;
  readonly backoff?: PushBackoff;
  readonly pollMs?: number;
  /** Tests: the avisos' mails' SMTP timeouts. */
  readonly mailTimeouts?: MailerOptions['timeouts'];
  /** Tomorrow's agenda is read here (store/bookings.ts). */
  readonly bookings: BookingStore;
};

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** The subject of the VAPID JWT: the shop's published e-mail, else the site's https URL. */
export function vapidSubject(facts: ShopFacts, siteUrl: string): string {
  const email = facts.contact.email.trim();
  if (email) return `mailto:${email}`;
  return siteUrl.startsWith('https:') ? siteUrl : 'mailto:avisos@example.com';
}

export function createSitePush(options: PushOptions): SitePush {
  const { config, database, logger, now } = options;
  const store = createPushStore(database);
  let keys: Promise<VapidKeys> | undefined;
  const vapid = (): Promise<VapidKeys> => {
    const given = config.push.vapid;
    if (given) return Promise.resolve(given);
    keys ??= store
      .secret(VAPID_KEY, () => JSON.stringify(webpush.generateVAPIDKeys()), now())
      .then((value) => {
        const parsed: unknown = JSON.parse(value);
        if (
          typeof parsed === 'object' &&
          parsed !== null &&
          'publicKey' in parsed &&
          'privateKey' in parsed &&
          typeof parsed.publicKey === 'string' &&
          typeof parsed.privateKey === 'string'
        )
          return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
        throw new Error('push: the stored VAPID key pair is not readable');
      })
      .catch((error: unknown) => {
        keys = undefined;
        throw error;
      });
    return keys;
  };
  const send = createPushSender({
    vapid,
    subject: () => vapidSubject(options.facts(), config.siteUrl),
    agent: options.agent,
    timeoutMs: options.timeoutMs,
  });
  const worker: PushWorker = createPushWorker({
    store,
    logger,
    now,
    backoff: options.backoff,
    pollMs: options.pollMs,
    leaseMs: config.push.leaseMs,
    send: async (message) => {
      // Checked again when sending: an allow-list narrowed since the device subscribed.
      const problem = endpointProblem(message.endpoint, config.push.origins);
      if (problem) return { status: 'failed', reason: 'endpoint not allowed' };
      return send(message);
    },
  });

  const mailStore = createAvisoMailStore(database);
  const canMail = mailAvailability(config);
  const mailWorker: AvisoMailWorker | undefined = canMail.available
    ? createAvisoMailWorker({
        store: mailStore,
        from: canMail.from,
        smtpUrl: canMail.smtpUrl,
        siteUrl: config.siteUrl,
        shopName: () => options.facts().contact.name,
        logger,
        now,
        backoff: options.backoff,
        pollMs: options.pollMs,
        timeouts: options.mailTimeouts,
      })
    : undefined;
  const nudge = () => {
    worker.nudge();
    mailWorker?.nudge();
  };

  const agenda = createAgendaPush({
    store,
    mail: mailWorker ? mailStore : undefined,
    bookings: options.bookings,
    now,
    logger,
    onQueued: nudge,
  });

  return {
    store,
    mail: { store: mailStore, unavailable: canMail.available ? undefined : canMail.reason },
    async publicKey() {
      return (await vapid()).publicKey;
    },
    async subscribe(personId, name, subscription, kinds, agendaHour) {
      const problem = endpointProblem(subscription.endpoint, config.push.origins);
      if (problem) return { status: 'refused', reason: problem };
      const { p256dh, auth } = subscription.keys;
      if (
        !BASE64URL.test(p256dh) ||
        p256dh.length !== 87 ||
        !BASE64URL.test(auth) ||
        auth.length !== 22
      )
        return { status: 'refused', reason: 'Las claves del navegador no son válidas.' };
      const device = await store.saveDevice(
        { personId, name, endpoint: subscription.endpoint, p256dh, auth, kinds, agendaHour },
        now(),
      );
      return { status: 'saved', device };
    },
    async test(personId, deviceId) {
      const mine = (await store.devicesOf(personId)).some((d) => d.id === deviceId);
      if (!mine) return false;
      await store.enqueueFor(deviceId, testPush(now()));
      worker.nudge();
      return true;
    },
    async testMail(personId) {
      if (!mailWorker) return false;
      await mailStore.enqueueFor(personId, {
        ...testPush(now()),
        body: 'Los avisos llegan a este e-mail.',
      });
      mailWorker.nudge();
      return true;
    },
    start() {
      worker.start();
      mailWorker?.start();
      agenda.start();
    },
    nudge,
    async stop() {
      agenda.stop();
      await Promise.all([worker.stop(), mailWorker?.stop()]);
      mailWorker?.close();
    },
  };
}

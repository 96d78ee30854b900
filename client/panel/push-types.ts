/** Avisos (server/push/): the devices of the signed-in person that receive notifications. */

export const PUSH_KIND_NAMES = {
  turnos: 'Turnos nuevos y cancelados',
  presupuestos: 'Presupuestos',
  mensajes: 'Mensajes',
  opiniones: 'Opiniones para revisar',
  agenda: 'La agenda de mañana',
} as const;
export type PushKindName = keyof typeof PUSH_KIND_NAMES;

export function isPushKind(value: string): value is PushKindName {
  return Object.hasOwn(PUSH_KIND_NAMES, value);
}

/** `HH:MM` between 06:00 and 23:00, on the hour or half hour: when tomorrow's agenda is sent. */
export const AGENDA_HOURS: readonly string[] = Array.from({ length: 35 }, (_, i) => {
  const minutes = 6 * 60 + i * 30;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${minutes % 60 === 0 ? '00' : '30'}`;
});
export const DEFAULT_AGENDA_HOUR = '19:00';

export type PushDeviceView = {
  readonly id: string;
  readonly name: string;
  /** The push service's host ("fcm.googleapis.com"): which browser it is. */
  readonly service: string;
  readonly kinds: readonly PushKindName[];
  readonly agendaHour: string;
  readonly createdAt: string;
};

/** Avisos by e-mail: one choice per person (not per device). */
export type MailChoiceView = {
  /** Why this server cannot send them (no SMTP); null when it can. */
  readonly unavailable: string | null;
  /** The address chosen here; null: the person's address in Personas. */
  readonly email: string | null;
  readonly kinds: readonly PushKindName[];
  readonly agendaHour: string;
};

export interface PanelPush {
  /** The VAPID public key the page subscribes with (base64url). */
  publicKey(): Promise<string>;
  devices(personId: string): Promise<PushDeviceView[]>;
  setChoices(
    personId: string,
    deviceId: string,
    kinds: readonly PushKindName[],
    agendaHour: string,
  ): Promise<boolean>;
  remove(personId: string, deviceId: string): Promise<boolean>;
  /** Queues a test notification to this device; false when it is not this person's. */
  test(personId: string, deviceId: string): Promise<boolean>;
  mail(personId: string): Promise<MailChoiceView>;
  /** Queues a test mail to this person; false when this server cannot send e-mail. */
  testMail(personId: string): Promise<boolean>;
  /** Stores what this person receives by e-mail; false when this server cannot send e-mail. */
  setMail(
    personId: string,
    choice: { email: string | null; kinds: readonly PushKindName[]; agendaHour: string },
  ): Promise<boolean>;
}

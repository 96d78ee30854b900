/** Who may enter the panel, and what they did (implemented by server/panel/access.ts). */

export type PersonView = {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly revoked: boolean;
  readonly passkeys: number;
  readonly sessions: number;
};

export type PasskeyView = {
  readonly id: string;
  readonly name: string;
  readonly createdAt: string;
  readonly lastUsedAt: string | undefined;
};

export type ActivityView = {
  readonly id: string;
  readonly at: string;
  readonly actor: string | undefined;
  readonly action: string;
  readonly detail: string;
  readonly client: string;
};

export interface PanelAccess {
  people(): Promise<PersonView[]>;
  /** Gives access and makes a one-time invitation link (e-mailed too when e-mail is set up). */
  invite(email: string, name: string | undefined): Promise<{ link: string; emailed: boolean }>;
  /** Whom a valid invitation (its token) is for; undefined when used, expired or revoked. */
  invitation(token: string): Promise<{ readonly email: string } | undefined>;
  /** Takes access away; false when nobody has that address. */
  revoke(email: string): Promise<boolean>;
  passkeys(personId: string): Promise<PasskeyView[]>;
  removePasskey(personId: string, passkeyId: string): Promise<boolean>;
  /** Ends every session of this person. */
  signOutEverywhere(personId: string): Promise<number>;
  /** Newest first, a page of entries; `before` (an entry's `at`) pages back. */
  activity(before?: string): Promise<ActivityView[]>;
}

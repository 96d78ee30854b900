/** The private link's token: 256 random bits, stored only as its SHA-256. */
import { createHash, randomBytes } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Tokens as newToken() writes them: anything else is not looked up. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

// Server-only: the capability that controls a running turn, and the cross-site check of its routes.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The header a turn's stream answers with (its control token) and its control requests send back.
 * Only the client that started the turn holds it: it is never in an event, a tape or a session.
 */
export const TURN_CONTROL_HEADER = 'turn-control-token';

/** 192 random bits, URL-safe. */
export function createTurnControlToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Whether `given` is `expected`, compared in constant time. */
export function matchesTurnControlToken(expected: string, given: string | undefined): boolean {
  if (given === undefined) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * What a finished turn keeps of its token (SHA-256, hex): any instance can check a token against
 * it, and a leaked database row does not hand out the token itself.
 */
export function hashTurnControlToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether `given` hashes to `expectedHash`, compared in constant time. */
export function matchesTurnControlTokenHash(expectedHash: string, given: string | undefined): boolean {
  return given !== undefined && matchesTurnControlToken(expectedHash, hashTurnControlToken(given));
}

/** Why a control request is refused before its turn is looked at. */
export type TurnControlRefusal = { status: 403; message: string };

/**
 * A control request's token, or why it is refused: a browser request from another site (its
 * `Sec-Fetch-Site`, or without it an `Origin` naming another host than `Host`) never controls a
 * turn, so a cross-site form cannot abort one; a request without the token is refused too.
 */
export function readTurnControlRequest(headers: Headers): { ok: true; token: string } | { ok: false; error: TurnControlRefusal } {
  const site = headers.get('sec-fetch-site');
  const origin = headers.get('origin');
  const host = headers.get('host');
  const crossSite =
    site !== null ? site !== 'same-origin' && site !== 'none' : origin !== null && origin !== 'null' && host !== null && (!URL.canParse(origin) || new URL(origin).host !== host);
  if (crossSite || origin === 'null') return { ok: false, error: { status: 403, message: 'A turn is controlled only from the page that started it; cross-site requests are refused.' } };
  const token = headers.get(TURN_CONTROL_HEADER);
  if (!token) return { ok: false, error: { status: 403, message: `Controlling a turn needs the ${TURN_CONTROL_HEADER} header its stream answered with; only the client that started the turn holds it.` } };
  return { ok: true, token };
}

/** What a control request with another client's token gets. */
export const NOT_YOUR_TURN_MESSAGE = 'This turn was started by another client: only the page that started it can approve, answer, stop or read it.';

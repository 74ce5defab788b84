// Server-only: the headers every answer carries, shared by next.config.ts and the direct routes.

export type HeaderEntry = { key: string; value: string };

/** On every answer, pages and API alike. */
export const SECURITY_HEADERS: readonly HeaderEntry[] = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
];

/** On API answers: nothing they return may run or be framed (pages get a nonce-based policy from proxy.ts). */
export const API_SECURITY_HEADERS: readonly HeaderEntry[] = [{ key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'" }];

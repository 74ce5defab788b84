// Server-only: the Content-Security-Policy of every page, around a per-request nonce.

/** The request header through which the proxy hands the page its nonce (for `<Script nonce>`). */
export const NONCE_HEADER = 'x-nonce';

/**
 * Scripts only from our origin and with this response's nonce ('strict-dynamic' lets the nonced
 * Next runtime load its chunks). `development` adds 'unsafe-eval', which React's dev build needs.
 */
export function createContentSecurityPolicy(options: { nonce: string; development: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${options.nonce}' 'strict-dynamic'${options.development ? " 'unsafe-eval'" : ''}`,
    // Monaco injects <style> elements it cannot nonce, and a nonce here would switch 'unsafe-inline' off.
    "style-src 'self' 'unsafe-inline'",
    // Monaco's language services run in bundled workers served from our origin.
    "worker-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

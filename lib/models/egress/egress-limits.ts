/** Bounds on what a model provider's answer may cost this server, and on what of it is kept. */
export const EGRESS_LIMITS = {
  /** A response body past this many bytes is abandoned unread. */
  responseBytes: 10 * 1024 * 1024,
  /** A failed (non-2xx) provider body is shown and recorded as at most this many characters, marker included. */
  failedBodyExcerptLength: 300,
} as const;

/** The environment value that lets base URLs from requests reach private networks. */
export const ALLOW_PRIVATE_NETWORK_VALUE = '1';

// Server-only: the headers every answer carries (security headers, the content security policy) and the origins allowed in development.
export { NONCE_HEADER, createContentSecurityPolicy } from './create-content-security-policy';
export { listDevOrigins } from './list-dev-origins';
export { SECURITY_HEADERS, API_SECURITY_HEADERS } from './security-headers';
export type { HeaderEntry } from './security-headers';

import type { JsonValue } from './vocabulary/json';

/**
 * Secret shapes removed from everything the model, the timeline or storage sees. Patterns follow
 * the public formats of common providers' keys; literal values of configured keys are added per turn.
 */
const SECRET_PATTERNS: readonly RegExp[] = [
  /sk-(?:proj-|ant-|or-)?[A-Za-z0-9_-]{20,}/g,
  /\b(?:ghp|gho|ghu|ghs|ghr|github_pat)_[A-Za-z0-9_]{20,}/g,
  /\bxox[abprs]-[A-Za-z0-9-]{10,}/g,
  /\bAKIA[0-9A-Z]{16}\b/g,
  /\bAIza[0-9A-Za-z_-]{35}\b/g,
  /\b[Bb]earer\s+[A-Za-z0-9._~+/-]{16,}=*/g,
  /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g,
];

export const REDACTED = '[REDACTED]';

export type Redactor = (text: string) => string;

/** A redactor for known secret shapes plus the literal values given (e.g. a user-typed API key). */
export function createRedactor(literals: readonly string[] = []): Redactor {
  const values = literals.filter((value) => value.length >= 8);
  return (text) => {
    let out = text;
    for (const value of values) out = out.split(value).join(REDACTED);
    for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, REDACTED);
    return out;
  };
}

/** Every string (and key) of a JSON value redacted. */
export function redactJsonValue(value: JsonValue, redact: Redactor): JsonValue {
  if (typeof value === 'string') return redact(value);
  if (Array.isArray(value)) return value.map((entry) => redactJsonValue(entry, redact));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [redact(key), redactJsonValue(entry, redact)]));
  }
  return value;
}

const TOOL_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
const MAX_LENGTH = 64;

export function isValidToolName(name: string): boolean {
  return TOOL_NAME.test(name);
}

/**
 * A name matching `^[a-zA-Z0-9_-]{1,64}$`: other characters become `_`, runs collapse, the ends
 * are trimmed, and a number is appended when `taken` already holds it.
 */
export function sanitizeToolName(raw: string, taken: Set<string>): string {
  const cleaned = raw.replace(/[^a-zA-Z0-9_-]+/g, '_').replace(/_+/g, '_').replace(/^[_-]+|[_-]+$/g, '') || 'tool';
  let candidate = cleaned.slice(0, MAX_LENGTH);
  for (let index = 2; taken.has(candidate); index += 1) {
    const suffix = `_${index}`;
    candidate = `${cleaned.slice(0, MAX_LENGTH - suffix.length)}${suffix}`;
  }
  taken.add(candidate);
  return candidate;
}

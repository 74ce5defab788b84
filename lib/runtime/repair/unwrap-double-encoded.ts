import { parseJson } from './parse-json';
import { applyText, SKIPPED, type RepairRungDefinition } from './repair-rung';

/**
 * Unwraps arguments that were JSON-encoded twice: a JSON string whose content is an object
 * (`"{\"a\":1}"`), or the same content with the outer quotes lost (`{\"a\":1}`).
 */
export const unwrapDoubleEncoded: RepairRungDefinition = {
  rung: 'unwrap-double-encoded',
  apply: (text) => {
    const trimmed = text.trim();
    const parsed = parseJson(trimmed);
    if (parsed.ok) {
      return typeof parsed.value === 'string' && parsed.value.trim().startsWith('{')
        ? applyText(text, parsed.value.trim())
        : SKIPPED;
    }
    if (!trimmed.startsWith('{') || !trimmed.includes('\\"')) return SKIPPED;
    const requoted = parseJson(`"${trimmed}"`);
    return requoted.ok && typeof requoted.value === 'string' ? applyText(text, requoted.value) : SKIPPED;
  },
};

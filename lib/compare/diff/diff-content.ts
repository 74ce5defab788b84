import { parseJson } from '@/lib/runtime';
import { diffJson, isEmptyDiff, type JsonDiff } from './diff-json';
import { diffText, type TextDiff } from './diff-text';

/**
 * How two texts that may hold JSON differ: structurally when both parse as JSON (so spacing
 * and key order do not count), otherwise as text.
 */
export type ContentDiff = ({ kind: 'json' } & JsonDiff) | ({ kind: 'text' } & TextDiff);

/** A text that cannot start a JSON document skips the parse: prose outputs are the common case. */
const JSON_START = /^\s*([[{"\d-]|true|false|null)/;

/** The difference between two argument or output texts; undefined when they are the same. */
export function diffContent(a: string, b: string, options: { limit?: number } = {}): ContentDiff | undefined {
  if (a === b) return undefined;
  const left = JSON_START.test(a) ? parseJson(a) : { ok: false as const };
  const right = left.ok && JSON_START.test(b) ? parseJson(b) : { ok: false as const };
  if (left.ok && right.ok) {
    const diff = diffJson(left.value, right.value, options);
    return isEmptyDiff(diff) ? undefined : { kind: 'json', ...diff };
  }
  const diff = diffText(a, b);
  return diff && { kind: 'text', ...diff };
}

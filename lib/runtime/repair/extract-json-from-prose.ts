import { createRepairError } from './repair-error';
import { applyText, refuse, SKIPPED, type RepairRungDefinition } from './repair-rung';

/** A `{…}` span found in text; the last one may run to the end of the text unbalanced. */
type ObjectSpan = { text: string };

const BARE_VALUE_START = /^(?:["'\d[-]|(?:true|false|null|True|False|None|NaN|Infinity|undefined)\b)/;

/**
 * Takes the one JSON object out of surrounding prose (`Sure! {"a": 1} Hope this helps`, or an
 * object followed by a stray `}`). Byte-identical repeats of one object are collapsed, since
 * running it once is what the model asked for; two different objects are refused, because
 * choosing one would be a guess about which call was meant.
 */
export const extractJsonFromProse: RepairRungDefinition = {
  rung: 'extract-json-from-prose',
  apply: (text) => {
    const trimmed = text.trim();
    if (trimmed.startsWith('"') || trimmed.startsWith('[')) return SKIPPED;
    const spans = findObjectSpans(trimmed).filter((span) => span.text.includes(':') || /^\{\s*\}$/.test(span.text));
    if (spans.length === 0) {
      if (trimmed.includes('{') || BARE_VALUE_START.test(trimmed)) return SKIPPED;
      return refuse(
        createRepairError('no-json-object', 'Arguments contain no JSON object, only text.'),
      );
    }
    const distinct = new Set(spans.map((span) => span.text));
    if (distinct.size > 1) {
      return refuse(
        createRepairError(
          'ambiguous-multiple-objects',
          `Arguments contain ${distinct.size} different JSON objects where one was expected; make one tool call per object.`,
        ),
      );
    }
    const [only] = spans;
    return only && only.text !== trimmed ? applyText(text, only.text) : SKIPPED;
  },
};

/** Top-level `{…}` spans, matched with awareness of quoted strings (either quote style). */
function findObjectSpans(text: string): ObjectSpan[] {
  const spans: ObjectSpan[] = [];
  let i = text.indexOf('{');
  while (i !== -1) {
    const end = findBalancedEnd(text, i);
    if (end === -1) {
      spans.push({ text: text.slice(i) });
      break;
    }
    spans.push({ text: text.slice(i, end) });
    i = text.indexOf('{', end);
  }
  return spans;
}

/**
 * The end of the object opening at `start`, or -1 when it runs to the end of the text. A `}`
 * that meets an open `[` also counts as running to the end: with closers misnested, the
 * brace count no longer says where the object ends, and cutting there could drop members.
 */
function findBalancedEnd(text: string, start: number): number {
  const open: string[] = [];
  let quote: string | null = null;
  for (let i = start; i < text.length; i += 1) {
    const c = text[i];
    if (quote !== null) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (c === '{' || c === '[') {
      open.push(c);
    } else if (c === ']') {
      if (open.pop() !== '[') return -1;
    } else if (c === '}') {
      if (open.pop() !== '{') return -1;
      if (open.length === 0) return i + 1;
    }
  }
  return -1;
}

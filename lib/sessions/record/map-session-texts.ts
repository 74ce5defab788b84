import { isPlainObject } from '@/lib/runtime';

/** Where a version 5 record keeps a text it stores once: its index in the record's `texts`. */
export type TextReference = { text: number };

/** The playground's fields that hold a text a session may repeat in every turn; its `files` are texts too. */
const PLAYGROUND_TEXT_FIELDS = ['source', 'script', 'resultSchema', 'instructions'] as const;

/** The same for each turn's request (its `resultSchema` is parsed JSON, not text). */
const REQUEST_TEXT_FIELDS = ['source', 'instructions'] as const;

/** Called on the value of every text field present; `path` names it as a validation issue would (`turns.3.request.source`). */
export type SessionTextVisitor = (value: unknown, path: string) => unknown;

/**
 * A copy of `record` with every text field of its playground and of each turn's request (and
 * every file's content) replaced by what `visit` returns; everything else is shared, not copied.
 * Works on unvalidated JSON: a part of another shape is passed through for the schema to refuse.
 */
export function mapSessionTexts(record: Record<string, unknown>, visit: SessionTextVisitor): Record<string, unknown> {
  const playground = isPlainObject(record.playground) ? mapTexts(record.playground, PLAYGROUND_TEXT_FIELDS, 'playground', visit) : record.playground;
  const turns = Array.isArray(record.turns)
    ? record.turns.map((turn: unknown, index) =>
        isPlainObject(turn) && isPlainObject(turn.request) ? { ...turn, request: mapTexts(turn.request, REQUEST_TEXT_FIELDS, `turns.${index}.request`, visit) } : turn,
      )
    : record.turns;
  return { ...record, playground, turns };
}

/** A reference as `compactSessionRecord` writes it: `{ text: <index> }` and nothing else. */
export function isTextReference(value: unknown): value is TextReference {
  return isPlainObject(value) && Object.keys(value).length === 1 && Number.isSafeInteger(value.text) && (value.text as number) >= 0;
}

function mapTexts(holder: Record<string, unknown>, fields: readonly string[], path: string, visit: SessionTextVisitor): Record<string, unknown> {
  const mapped = { ...holder };
  for (const field of fields) {
    if (holder[field] !== undefined) mapped[field] = visit(holder[field], `${path}.${field}`);
  }
  if (isPlainObject(holder.files)) {
    mapped.files = Object.fromEntries(Object.entries(holder.files).map(([name, text]) => [name, visit(text, `${path}.files.${name}`)]));
  }
  return mapped;
}

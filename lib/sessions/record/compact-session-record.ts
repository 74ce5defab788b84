import { mapSessionTexts, type TextReference } from './map-session-texts';
import type { SessionPlayground, SessionRecord, SessionTurn } from './session-record';

type StoredFiles = Record<string, TextReference>;

type StoredPlayground = Omit<SessionPlayground, 'source' | 'script' | 'resultSchema' | 'instructions' | 'files'> & {
  source: TextReference;
  script?: TextReference;
  resultSchema?: TextReference;
  instructions?: TextReference;
  files?: StoredFiles;
};

type StoredTurnRequest = Omit<SessionTurn['request'], 'source' | 'instructions' | 'files'> & {
  source: TextReference;
  instructions?: TextReference;
  files?: StoredFiles;
};

/** A turn as stored: its request's texts are references into the record's `texts`. */
export type StoredSessionTurn = Omit<SessionTurn, 'request'> & { request: StoredTurnRequest };

/**
 * A session as stored, sent by `GET /api/sessions/<id>` and exported (version 5): each distinct
 * text of the playground and the turns' requests (module source, script, result schema,
 * instructions, file contents) is kept once in `texts`, and every field that held it holds
 * `{ text: <index> }`. `migrateSessionRecord` turns it back into a `SessionRecord`.
 */
export type StoredSessionRecord = Omit<SessionRecord, 'playground' | 'turns'> & {
  playground: StoredPlayground;
  turns: StoredSessionTurn[];
  texts: string[];
};

/**
 * The stored form of `record`: every text field replaced by a reference, equal texts sharing one
 * entry of `texts` (in order of first use), so a module sent with each of ten turns is kept once.
 */
export function compactSessionRecord(record: SessionRecord): StoredSessionRecord {
  const texts: string[] = [];
  const indexes = new Map<string, number>();
  const compacted = mapSessionTexts(record, (value) => {
    if (typeof value !== 'string') return value;
    let index = indexes.get(value);
    if (index === undefined) {
      index = texts.push(value) - 1;
      indexes.set(value, index);
    }
    return { text: index } satisfies TextReference;
  });
  // mapSessionTexts replaced exactly the fields the stored types declare as references.
  return { ...compacted, texts } as StoredSessionRecord;
}

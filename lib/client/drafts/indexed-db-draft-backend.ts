import { createStore, del, get, set } from 'idb-keyval';
import type { DraftBackend } from './draft-store';

/** Drafts in this browser's IndexedDB (database `tool-runtime-playground`, store `drafts`): no size limit as low as localStorage's 5 MB. */
export function createIndexedDbDraftBackend(): DraftBackend {
  const store = createStore('tool-runtime-playground', 'drafts');
  return { get: (key) => get(key, store), set: (key, value) => set(key, value, store), del: (key) => del(key, store) };
}

import type { DraftEntry } from '@/lib/client/workspace-draft';

/** A draft's history line without its content: what the history list shows. */
export type DraftListing = Omit<DraftEntry, 'workspace'>;

/** The key-value storage drafts live in (IndexedDB in the page, a Map in tests). */
export type DraftBackend = {
  get: (key: string) => Promise<unknown>;
  set: (key: string, value: unknown) => Promise<void>;
  del: (key: string) => Promise<void>;
};

export type DraftStore = {
  /** Newest first. */
  list: () => Promise<DraftListing[]>;
  /** The stored entry as it was written, to be checked before use (`readWorkspaceDraft`); undefined when gone. */
  read: (id: string) => Promise<unknown>;
  save: (entry: DraftEntry) => Promise<void>;
  remove: (id: string) => Promise<void>;
};

/** How many drafts this browser keeps; saving one more drops the oldest. */
export const MAX_DRAFTS = 12;

const INDEX_KEY = 'index';
const entryKey = (id: string) => `draft:${id}`;

/** Drafts over a key-value backend: one key per draft and an index of their listings, written one change at a time. */
export function createDraftStore(backend: DraftBackend, maxDrafts = MAX_DRAFTS): DraftStore {
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T,>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch((error: unknown) => console.warn('A draft could not be stored:', error));
    return next;
  };
  const readIndex = async (): Promise<DraftListing[]> => {
    const value = await backend.get(INDEX_KEY);
    return Array.isArray(value) ? value.filter(isListing) : [];
  };
  return {
    list: () => serially(readIndex),
    read: (id) => serially(() => backend.get(entryKey(id))),
    save: (entry) =>
      serially(async () => {
        const { workspace: _content, ...listing } = entry;
        const others = (await readIndex()).filter((item) => item.id !== entry.id);
        const kept = [listing, ...others].sort((a, b) => b.savedAt - a.savedAt);
        await backend.set(entryKey(entry.id), entry);
        for (const dropped of kept.slice(maxDrafts)) await backend.del(entryKey(dropped.id));
        await backend.set(INDEX_KEY, kept.slice(0, maxDrafts));
      }),
    remove: (id) =>
      serially(async () => {
        await backend.del(entryKey(id));
        await backend.set(INDEX_KEY, (await readIndex()).filter((item) => item.id !== id));
      }),
  };
}

function isListing(value: unknown): value is DraftListing {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.id === 'string' && typeof record.savedAt === 'number' && typeof record.summary === 'object' && record.summary !== null;
}

import type { DraftStore } from './draft-store';
import type { DraftEntry } from '@/lib/client/workspace-draft';

/**
 * The newest draft of a tab, written synchronously to the tab's sessionStorage when the page is
 * hidden or unloaded: an IndexedDB write begun then may never finish, a storage write always does.
 */
const PENDING_COPY_KEY = 'playground:pending-draft';

/** A copy longer than this many characters is not written (sessionStorage holds about 5 MB); IndexedDB alone keeps it. */
export const PENDING_COPY_CHARACTER_LIMIT = 1_500_000;

/** The slice of the Web Storage API used here (the tab's sessionStorage in the page, a Map in tests). */
export type PendingCopyStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Writes `entry` as the tab's pending copy, or clears the copy when it is too large to write; says which. */
export function writePendingCopy(storage: PendingCopyStorage, entry: DraftEntry, limit = PENDING_COPY_CHARACTER_LIMIT): 'written' | 'too-large' | 'failed' {
  const text = JSON.stringify(entry);
  if (text.length > limit) {
    storage.removeItem(PENDING_COPY_KEY);
    return 'too-large';
  }
  try {
    storage.setItem(PENDING_COPY_KEY, text);
    return 'written';
  } catch (error) {
    // A full storage: the IndexedDB save begun beside it is all there is.
    console.warn('The pending draft copy could not be written:', error);
    storage.removeItem(PENDING_COPY_KEY);
    return 'failed';
  }
}

/**
 * Moves the tab's pending copy into the store when it is newer than the draft stored under its id
 * (its IndexedDB save did not finish before the page went away), and clears it. Answers the id of
 * the draft it brought in, if any.
 */
export async function promotePendingCopy(storage: PendingCopyStorage, store: DraftStore): Promise<string | null> {
  const text = storage.getItem(PENDING_COPY_KEY);
  if (text === null) return null;
  // Checked as a stored draft is; its checker loads only now, outside the page's first load.
  const { readWorkspaceDraft } = await import('../readers');
  const entry = readWorkspaceDraft(parseJson(text));
  if (!entry.ok) {
    storage.removeItem(PENDING_COPY_KEY);
    return null;
  }
  const stored = await store.read(entry.value.id);
  const storedSavedAt = typeof stored === 'object' && stored !== null && 'savedAt' in stored && typeof stored.savedAt === 'number' ? stored.savedAt : -Infinity;
  const newer = entry.value.savedAt > storedSavedAt;
  if (newer) await store.save(entry.value);
  storage.removeItem(PENDING_COPY_KEY);
  return newer ? entry.value.id : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

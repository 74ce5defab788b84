import { OPEN_DRAFT_KEY, promotePendingCopy, sharedSessionOfDraft, type DraftStore } from '@/lib/client/drafts';
import type { DraftNotice } from './use-workspace-drafts';

/**
 * The tab's draft id survives a reload of the tab (sessionStorage), so a reload continues the same
 * draft: one for the workspace, one per shared session's page.
 */
export const tabDraftKey = (sharedSessionId: string | null) => (sharedSessionId === null ? 'playground:draft-id' : `playground:draft-id:${sharedSessionId}`);

export type OpenDraftOptions = {
  store: DraftStore;
  sharedSessionId: string | null;
  opensSession: boolean;
  /** The page still holds only what its loading put there. */
  isUntouched: () => boolean;
  isCancelled: () => boolean;
  restore: (store: DraftStore, id: string, asCopy?: boolean) => Promise<boolean>;
  adopt: (id: string) => void;
  newDraftId: () => string;
  setNotice: (notice: DraftNotice) => void;
};

/** Picks the draft this page continues when it loads (or a new id); false when the page went away meanwhile. */
export async function openDraftOnLoad({ store, sharedSessionId, opensSession, isUntouched, isCancelled, restore, adopt, newDraftId, setNotice }: OpenDraftOptions): Promise<boolean> {
  // A draft another page of this tab asked this one to open (from its History).
  const requestedId = window.sessionStorage.getItem(OPEN_DRAFT_KEY);
  window.sessionStorage.removeItem(OPEN_DRAFT_KEY);
  const tabDraftId = window.sessionStorage.getItem(tabDraftKey(sharedSessionId));
  const previousId = requestedId ?? tabDraftId;
  await promotePendingCopy(window.sessionStorage, store);
  const listing = await store.list();
  if (isCancelled()) return false;
  if (sharedSessionId !== null) {
    // A shared page continues the draft asked for, else this tab's (none after "Back to the
    // shared version" until edited again), else on a first visit the newest, under its own id.
    const own = listing.filter((item) => sharedSessionOfDraft(item.id) === sharedSessionId);
    const candidate = previousId === null ? own[0] : own.find((item) => item.id === previousId);
    const restored = candidate ? await restore(store, candidate.id) : false;
    if (isCancelled()) return false;
    if (!restored) adopt(previousId !== null && sharedSessionOfDraft(previousId) === sharedSessionId ? previousId : newDraftId());
    return true;
  }
  const previous = listing.find((item) => item.id === previousId && sharedSessionOfDraft(item.id) === null);
  const untouched = isUntouched();
  if (opensSession || !untouched) {
    if (previous && opensSession) setNotice({ kind: 'set-aside', draftId: previous.id, title: previous.summary.title });
    adopt(crypto.randomUUID());
  } else {
    // A reload continues this tab's draft; a new tab continues the newest one as a copy, so two tabs never write one draft.
    const candidate = previous ?? listing.find((item) => sharedSessionOfDraft(item.id) === null);
    const restored = candidate ? await restore(store, candidate.id, candidate !== previous) : false;
    if (isCancelled()) return false;
    if (!restored) adopt(crypto.randomUUID());
  }
  return true;
}

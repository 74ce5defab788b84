'use client';

import type { Dispatch } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { createSharedDraftId, draftPagePath, OPEN_DRAFT_KEY, sharedSessionOfDraft, createDraftStore, type DraftListing, type DraftStore, createIndexedDbDraftBackend, promotePendingCopy, writePendingCopy } from '@/lib/client/drafts';
import type { PlaygroundAction, PlaygroundPreset, PlaygroundState } from '@/lib/client';
import { createDraftEntry, DRAFT_CHARACTER_LIMIT, selectWorkspace } from '@/lib/client';

/**
 * The tab's draft id survives a reload of the tab (sessionStorage), so a reload continues the same
 * draft: one for the workspace, one per shared session's page.
 */
const tabDraftKey = (sharedSessionId: string | null) => (sharedSessionId === null ? 'playground:draft-id' : `playground:draft-id:${sharedSessionId}`);
/** A change is saved this long after it, however many follow (a stream of events never postpones it). */
const SAVE_DELAY_MS = 250;

export type DraftNotice =
  /** `shared`: the draft holds edits of a shared session's page, which can go back to the shared version. */
  | { kind: 'restored'; savedAt: number; shared: boolean }
  | { kind: 'set-aside'; draftId: string; title: string }
  | { kind: 'problem'; message: string };

/** What the page's content was when it was loaded; a workspace still holding it has nothing to lose. */
type Baseline = Pick<PlaygroundState, 'documents' | 'conversation' | 'message' | 'instructions' | 'assertions'>;

export type WorkspaceDrafts = {
  notice: DraftNotice | null;
  dismissNotice: () => void;
  /** Call before replacing the workspace (a preset, Start fresh): edits are saved and kept in the history. */
  setAside: () => void;
  /** Reopens a draft from the history (the current one is set aside first). */
  reopen: (id: string) => Promise<void>;
  list: () => Promise<DraftListing[]>;
  currentId: string;
  /** When this tab's draft was last stored, once it has been. */
  savedAt: number | null;
};

/**
 * Where drafts are written: the playground's workspace (`opensSession` when the page opens a
 * fork, which must not be replaced by a draft), or a shared session's page, whose edits are kept
 * apart from the workspace's and from other sessions'.
 */
export type DraftScope = { kind: 'workspace'; opensSession: boolean } | { kind: 'shared'; sessionId: string };

/** Saves the workspace in this browser as it changes (when it differs from what was loaded) and restores it on the next visit. */
export function useWorkspaceDrafts(options: { state: PlaygroundState; dispatch: Dispatch<PlaygroundAction>; presets: readonly PlaygroundPreset[]; scope: DraftScope }): WorkspaceDrafts {
  const { state, dispatch, presets, scope } = options;
  const sharedSessionId = scope.kind === 'shared' ? scope.sessionId : null;
  const opensSession = scope.kind === 'workspace' && scope.opensSession;
  const storeRef = useRef<DraftStore | null>(null);
  const draftIdRef = useRef('');
  const baselineRef = useRef<Baseline | null>(selectBaseline(state));
  const captureBaselineRef = useRef(false);
  const readyRef = useRef(false);
  const toldTooLargeRef = useRef(false);
  const stateRef = useRef(state);
  const [notice, setNotice] = useState<DraftNotice | null>(null);
  const [currentId, setCurrentId] = useState('');
  const [savedAt, setSavedAt] = useState<number | null>(null);
  const saveTimerRef = useRef<ReturnType<typeof setTimeout> | null>(null);

  const presetTitle = useCallback((current: PlaygroundState) => presets.find((preset) => preset.id === current.presetId)?.title, [presets]);
  const adopt = useCallback(
    (id: string) => {
      draftIdRef.current = id;
      setCurrentId(id);
      window.sessionStorage.setItem(tabDraftKey(sharedSessionId), id);
    },
    [sharedSessionId],
  );
  const newDraftId = useCallback(() => (sharedSessionId === null ? crypto.randomUUID() : createSharedDraftId(sharedSessionId)), [sharedSessionId]);
  /** `leaving`: the page is being hidden or unloaded, so a synchronous copy is written beside the IndexedDB save. */
  const saveNow = useCallback(
    (current: PlaygroundState, leaving = false) => {
      const store = storeRef.current;
      if (!store || !readyRef.current || !isEdited(current, baselineRef.current)) return;
      const { entry, conversationDropped } = createDraftEntry({ id: draftIdRef.current, savedAt: Date.now(), workspace: selectWorkspace(current), presetTitle: presetTitle(current) });
      if (leaving) writePendingCopy(window.sessionStorage, entry);
      if (conversationDropped && !toldTooLargeRef.current) {
        toldTooLargeRef.current = true;
        setNotice({ kind: 'problem', message: `This conversation is too large to keep as a draft (the limit is ${DRAFT_CHARACTER_LIMIT.toLocaleString('en-US')} characters): the documents and settings are saved, the conversation is not. Share it to keep it.` });
      }
      void store
        .save(entry)
        .then(() => setSavedAt(entry.savedAt)).catch((error: unknown) => setNotice({ kind: 'problem', message: `Your draft could not be saved in this browser: ${String(error)}` }));
    },
    [presetTitle],
  );

  useEffect(() => {
    stateRef.current = state;
    if (captureBaselineRef.current) {
      captureBaselineRef.current = false;
      baselineRef.current = selectBaseline(state);
      return;
    }
    if (!readyRef.current || saveTimerRef.current) return;
    saveTimerRef.current = setTimeout(() => {
      saveTimerRef.current = null;
      saveNow(stateRef.current);
    }, SAVE_DELAY_MS);
  }, [state, saveNow]);

  // The change of the last moment (its save still waiting for its timer) is written now.
  const flush = useCallback(() => {
    if (saveTimerRef.current) clearTimeout(saveTimerRef.current);
    saveTimerRef.current = null;
    saveNow(stateRef.current, true);
  }, [saveNow]);
  useFlushWhenLeaving(flush);

  /** `asCopy`: continue it under a new id (a new tab), untouched until edited; otherwise continue writing it. */
  const restore = useCallback(
    async (store: DraftStore, id: string, asCopy = false): Promise<boolean> => {
      const raw = await store.read(id);
      if (raw === undefined) return false;
      const { readWorkspaceDraft } = await import('@/lib/client/readers');
      const entry = readWorkspaceDraft(raw);
      if (!entry.ok) {
        setNotice({ kind: 'problem', message: entry.error });
        return false;
      }
      if (asCopy) {
        adopt(newDraftId());
        captureBaselineRef.current = true;
      } else {
        adopt(id);
        // A draft continued under its own id is kept as it is edited, whatever it holds.
        baselineRef.current = null;
      }
      dispatch({ type: 'workspace-restored', workspace: entry.value.workspace });
      setNotice({ kind: 'restored', savedAt: entry.value.savedAt, shared: sharedSessionId !== null });
      return true;
    },
    [dispatch, adopt, newDraftId, sharedSessionId],
  );

  useEffect(() => {
    let cancelled = false;
    const store = createDraftStore(createIndexedDbDraftBackend());
    storeRef.current = store;
    void openDraftOnLoad({
      store,
      sharedSessionId,
      opensSession,
      isUntouched: () => !isEdited(stateRef.current, baselineRef.current),
      isCancelled: () => cancelled,
      restore,
      adopt,
      newDraftId,
      setNotice,
    }).then((opened) => {
      if (opened) readyRef.current = true;
    }).catch((error: unknown) => {
      readyRef.current = false;
      console.warn('Drafts are unavailable in this browser:', error);
      setNotice({ kind: 'problem', message: `Drafts are unavailable in this browser (${String(error)}); your work is not saved across reloads.` });
    });
    return () => {
      cancelled = true;
    };
  }, [sharedSessionId, opensSession, adopt, restore, newDraftId]);

  const setAside = useCallback(() => {
    const current = stateRef.current;
    if (readyRef.current && isEdited(current, baselineRef.current)) {
      saveNow(current);
      setNotice({ kind: 'set-aside', draftId: draftIdRef.current, title: describeDraft(current, presetTitle) });
    }
    adopt(newDraftId());
    captureBaselineRef.current = true;
  }, [saveNow, adopt, presetTitle, newDraftId]);

  const reopen = useCallback(
    async (id: string) => {
      const store = storeRef.current;
      if (!store) return;
      if (id === draftIdRef.current) return;
      const current = stateRef.current;
      if (sharedSessionOfDraft(id) !== sharedSessionId) {
        // Another page edits that draft: this one's edits are written now, and that page opens it.
        saveNow(current, true);
        window.sessionStorage.setItem(OPEN_DRAFT_KEY, id);
        window.location.assign(draftPagePath(id));
        return;
      }
      const wasEdited = readyRef.current && isEdited(current, baselineRef.current);
      if (wasEdited) saveNow(current);
      const previousId = draftIdRef.current;
      const restored = await restore(store, id);
      if (restored && wasEdited) setNotice({ kind: 'set-aside', draftId: previousId, title: describeDraft(current, presetTitle) });
    },
    [restore, saveNow, presetTitle, sharedSessionId],
  );

  const list = useCallback(async () => (storeRef.current ? storeRef.current.list() : []), []);
  const dismissNotice = useCallback(() => setNotice(null), []);
  return { notice, dismissNotice, setAside, reopen, list, currentId, savedAt };
}

function selectBaseline(state: PlaygroundState): Baseline {
  return { documents: state.documents, conversation: state.conversation, message: state.message, instructions: state.instructions, assertions: state.assertions };
}

/** Whether the workspace holds anything its loading did not put there (a baseline of null: a restored draft, always kept). */
function isEdited(state: PlaygroundState, baseline: Baseline | null): boolean {
  if (!baseline) return true;
  return (
    state.documents !== baseline.documents ||
    state.conversation !== baseline.conversation ||
    state.message !== baseline.message ||
    state.instructions !== baseline.instructions ||
    state.assertions !== baseline.assertions
  );
}

/** The title a draft of `state` is listed under in the history. */
function describeDraft(state: PlaygroundState, presetTitle: (state: PlaygroundState) => string | undefined): string {
  return createDraftEntry({ id: '', savedAt: 0, workspace: selectWorkspace(state), presetTitle: presetTitle(state) }).entry.summary.title;
}

/** Calls `flush` when the page is hidden or left, so the change of the last moment is not lost. */
function useFlushWhenLeaving(flush: () => void): void {
  useEffect(() => {
    const flushWhenHidden = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flushWhenHidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flushWhenHidden);
    };
  }, [flush]);
}

type OpenDraftOptions = {
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
async function openDraftOnLoad({ store, sharedSessionId, opensSession, isUntouched, isCancelled, restore, adopt, newDraftId, setNotice }: OpenDraftOptions): Promise<boolean> {
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

'use client';

import type { Dispatch } from 'react';
import { useCallback, useEffect, useState } from 'react';
import { createSharedDraftId, draftPagePath, OPEN_DRAFT_KEY, sharedSessionOfDraft, createDraftStore, type DraftListing, type DraftStore, createIndexedDbDraftBackend } from '@/lib/client/drafts';
import type { PlaygroundAction, PlaygroundPreset, PlaygroundState } from '@/lib/client';
import { createDraftEntry, selectWorkspace } from '@/lib/client';
import { isEdited, selectBaseline } from './draft-baseline';
import { openDraftOnLoad, tabDraftKey } from './open-draft-on-load';
import { useDraftAutosave, type DraftRefs } from './use-draft-autosave';


export type DraftNotice =
  /** `shared`: the draft holds edits of a shared session's page, which can go back to the shared version. */
  | { kind: 'restored'; savedAt: number; shared: boolean }
  | { kind: 'set-aside'; draftId: string; title: string }
  | { kind: 'problem'; message: string };

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
  const [refs] = useState<DraftRefs>(() => ({
    store: { current: null },
    draftId: { current: '' },
    baseline: { current: selectBaseline(state) },
    captureBaseline: { current: false },
    ready: { current: false },
    state: { current: state },
  }));
  const [notice, setNotice] = useState<DraftNotice | null>(null);
  const presetTitle = useCallback((current: PlaygroundState) => presets.find((preset) => preset.id === current.presetId)?.title, [presets]);
  const { currentId, adopt, newDraftId } = useDraftIdentity(refs, sharedSessionId);
  const { saveNow, savedAt } = useDraftAutosave({ state, refs, presetTitle, setNotice });
  const restore = useDraftRestore({ refs, dispatch, adopt, newDraftId, sharedSessionId, setNotice });

  useEffect(() => {
    let cancelled = false;
    const store = createDraftStore(createIndexedDbDraftBackend());
    refs.store.current = store;
    void openDraftOnLoad({
      store,
      sharedSessionId,
      opensSession,
      isUntouched: () => !isEdited(refs.state.current, refs.baseline.current),
      isCancelled: () => cancelled,
      restore,
      adopt,
      newDraftId,
      setNotice,
    }).then((opened) => {
      if (opened) refs.ready.current = true;
    }).catch((error: unknown) => {
      refs.ready.current = false;
      console.warn('Drafts are unavailable in this browser:', error);
      setNotice({ kind: 'problem', message: `Drafts are unavailable in this browser (${String(error)}); your work is not saved across reloads.` });
    });
    return () => {
      cancelled = true;
    };
  }, [refs, sharedSessionId, opensSession, adopt, restore, newDraftId]);

  const setAside = useCallback(() => {
    const current = refs.state.current;
    if (refs.ready.current && isEdited(current, refs.baseline.current)) {
      saveNow(current);
      setNotice({ kind: 'set-aside', draftId: refs.draftId.current, title: describeDraft(current, presetTitle) });
    }
    adopt(newDraftId());
    refs.captureBaseline.current = true;
  }, [refs, saveNow, adopt, presetTitle, newDraftId]);

  const reopen = useCallback(
    async (id: string) => {
      const store = refs.store.current;
      if (!store) return;
      if (id === refs.draftId.current) return;
      const current = refs.state.current;
      if (sharedSessionOfDraft(id) !== sharedSessionId) {
        // Another page edits that draft: this one's edits are written now, and that page opens it.
        saveNow(current, true);
        window.sessionStorage.setItem(OPEN_DRAFT_KEY, id);
        window.location.assign(draftPagePath(id));
        return;
      }
      const wasEdited = refs.ready.current && isEdited(current, refs.baseline.current);
      if (wasEdited) saveNow(current);
      const previousId = refs.draftId.current;
      const restored = await restore(store, id);
      if (restored && wasEdited) setNotice({ kind: 'set-aside', draftId: previousId, title: describeDraft(current, presetTitle) });
    },
    [refs, restore, saveNow, presetTitle, sharedSessionId],
  );

  const list = useCallback(async () => (refs.store.current ? refs.store.current.list() : []), [refs]);
  const dismissNotice = useCallback(() => setNotice(null), []);
  return { notice, dismissNotice, setAside, reopen, list, currentId, savedAt };
}

/** This tab's draft id: `adopt` makes an id the one written to (and kept for a reload of the tab). */
function useDraftIdentity(refs: DraftRefs, sharedSessionId: string | null) {
  const [currentId, setCurrentId] = useState('');
  const adopt = useCallback(
    (id: string) => {
      refs.draftId.current = id;
      setCurrentId(id);
      window.sessionStorage.setItem(tabDraftKey(sharedSessionId), id);
    },
    [refs, sharedSessionId],
  );
  const newDraftId = useCallback(() => (sharedSessionId === null ? crypto.randomUUID() : createSharedDraftId(sharedSessionId)), [sharedSessionId]);
  return { currentId, adopt, newDraftId };
}

/** Puts a stored draft into the page; `asCopy`: continue it under a new id (a new tab), untouched until edited; otherwise continue writing it. */
function useDraftRestore(options: {
  refs: DraftRefs;
  dispatch: Dispatch<PlaygroundAction>;
  adopt: (id: string) => void;
  newDraftId: () => string;
  sharedSessionId: string | null;
  setNotice: (notice: DraftNotice) => void;
}) {
  const { refs, dispatch, adopt, newDraftId, sharedSessionId, setNotice } = options;
  return useCallback(
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
        refs.captureBaseline.current = true;
      } else {
        adopt(id);
        // A draft continued under its own id is kept as it is edited, whatever it holds.
        refs.baseline.current = null;
      }
      dispatch({ type: 'workspace-restored', workspace: entry.value.workspace });
      setNotice({ kind: 'restored', savedAt: entry.value.savedAt, shared: sharedSessionId !== null });
      return true;
    },
    [refs, dispatch, adopt, newDraftId, sharedSessionId, setNotice],
  );
}

/** The title a draft of `state` is listed under in the history. */
function describeDraft(state: PlaygroundState, presetTitle: (state: PlaygroundState) => string | undefined): string {
  return createDraftEntry({ id: '', savedAt: 0, workspace: selectWorkspace(state), presetTitle: presetTitle(state) }).entry.summary.title;
}


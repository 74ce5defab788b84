import type { RefObject } from 'react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { writePendingCopy, type DraftStore } from '@/lib/client/drafts';
import type { PlaygroundState } from '@/lib/client';
import { createDraftEntry, DRAFT_CHARACTER_LIMIT, selectWorkspace } from '@/lib/client';
import { isEdited, selectBaseline, type Baseline } from './draft-baseline';
import type { DraftNotice } from './use-workspace-drafts';

/** A change is saved this long after it, however many follow (a stream of events never postpones it). */
const SAVE_DELAY_MS = 250;

/** What the draft hooks share across renders: the store once open, this tab's draft id, what was loaded, the latest state. */
export type DraftRefs = {
  store: RefObject<DraftStore | null>;
  draftId: RefObject<string>;
  baseline: RefObject<Baseline | null>;
  /** The next state is the new baseline (after a preset, Start fresh, or a draft restored as a copy). */
  captureBaseline: RefObject<boolean>;
  /** The draft to write is chosen: saves may start. */
  ready: RefObject<boolean>;
  state: RefObject<PlaygroundState>;
};

export type DraftAutosave = {
  /** `leaving`: the page is being hidden or unloaded, so a synchronous copy is written beside the IndexedDB save. */
  saveNow: (current: PlaygroundState, leaving?: boolean) => void;
  /** When this tab's draft was last stored, once it has been. */
  savedAt: number | null;
};

/** Saves the workspace a moment after each change (and at once when the page is left), when it differs from what was loaded. */
export function useDraftAutosave(options: {
  state: PlaygroundState;
  refs: DraftRefs;
  presetTitle: (state: PlaygroundState) => string | undefined;
  setNotice: (notice: DraftNotice) => void;
}): DraftAutosave {
  const { state, refs, presetTitle, setNotice } = options;
  const toldTooLargeRef = useRef(false);
  const saveTimerRef = useRef<ReturnType<typeof setTimeout> | null>(null);
  const [savedAt, setSavedAt] = useState<number | null>(null);

  const saveNow = useCallback(
    (current: PlaygroundState, leaving = false) => {
      const store = refs.store.current;
      if (!store || !refs.ready.current || !isEdited(current, refs.baseline.current)) return;
      const { entry, conversationDropped } = createDraftEntry({ id: refs.draftId.current, savedAt: Date.now(), workspace: selectWorkspace(current), presetTitle: presetTitle(current) });
      if (leaving) writePendingCopy(window.sessionStorage, entry);
      if (conversationDropped && !toldTooLargeRef.current) {
        toldTooLargeRef.current = true;
        setNotice({ kind: 'problem', message: `This conversation is too large to keep as a draft (the limit is ${DRAFT_CHARACTER_LIMIT.toLocaleString('en-US')} characters): the documents and settings are saved, the conversation is not. Share it to keep it.` });
      }
      void store
        .save(entry)
        .then(() => setSavedAt(entry.savedAt)).catch((error: unknown) => setNotice({ kind: 'problem', message: `Your draft could not be saved in this browser: ${String(error)}` }));
    },
    [refs, presetTitle, setNotice],
  );

  useEffect(() => {
    refs.state.current = state;
    if (refs.captureBaseline.current) {
      refs.captureBaseline.current = false;
      refs.baseline.current = selectBaseline(state);
      return;
    }
    if (!refs.ready.current || saveTimerRef.current) return;
    saveTimerRef.current = setTimeout(() => {
      saveTimerRef.current = null;
      saveNow(refs.state.current);
    }, SAVE_DELAY_MS);
  }, [state, saveNow, refs]);

  // The change of the last moment (its save still waiting for its timer) is written now.
  const flush = useCallback(() => {
    if (saveTimerRef.current) clearTimeout(saveTimerRef.current);
    saveTimerRef.current = null;
    saveNow(refs.state.current, true);
  }, [saveNow, refs]);
  useFlushWhenLeaving(flush);

  return { saveNow, savedAt };
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


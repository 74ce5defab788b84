import { useCallback, useMemo, useState } from 'react';
import { useDefaultLayout, usePanelRef, type LayoutStorage, type PanelImperativeHandle } from 'react-resizable-panels';

export const PANEL_IDS = ['editor', 'schemas', 'run'] as const;
export type PanelId = (typeof PANEL_IDS)[number];

/** A saved layout is three numbers; anything longer in storage is not ours and is ignored. */
const MAX_SAVED_LAYOUT_CHARS = 200;

/** localStorage, read only in the browser and only for values of a layout's size. */
const layoutStorage: LayoutStorage = {
  getItem(key) {
    if (typeof window === 'undefined') return null;
    const value = window.localStorage.getItem(key);
    return value !== null && value.length <= MAX_SAVED_LAYOUT_CHARS ? value : null;
  },
  setItem(key, value) {
    if (typeof window === 'undefined' || value.length > MAX_SAVED_LAYOUT_CHARS) return;
    try {
      window.localStorage.setItem(key, value);
    } catch (error) {
      // A full or refused storage costs the remembered sizes, nothing else: say so in the console.
      console.warn('Panel sizes were not saved', error);
    }
  },
};

export type PanelLayout = {
  refs: Record<PanelId, React.RefObject<PanelImperativeHandle | null>>;
  collapsed: Record<PanelId, boolean>;
  defaultLayout: ReturnType<typeof useDefaultLayout>['defaultLayout'];
  onLayoutChanged: ReturnType<typeof useDefaultLayout>['onLayoutChanged'];
  /** Called by each panel when its size changes, to keep `collapsed` in step. */
  onPanelResized: (id: PanelId) => void;
  toggle: (id: PanelId) => void;
  /** Expands `id` if it is collapsed (a control elsewhere asked to show it). */
  reveal: (id: PanelId) => void;
  /**
   * Gives the run panel (and its timeline) at least `share` percent of the width; with
   * `editorShare`, the editor first gives up width down to that share, so the schema column
   * between them is not the one squeezed.
   */
  makeRoomForTimeline: (share: number, editorShare?: number) => void;
};

/**
 * The wide layout's three panels: their sizes remembered per layout (`storageId`: the playground
 * and a shared session's page keep their own), each one collapsible to a slim rail.
 */
export function usePanelLayout(storageId: string): PanelLayout {
  const editor = usePanelRef();
  const schemas = usePanelRef();
  const run = usePanelRef();
  const refs = useMemo(() => ({ editor, schemas, run }), [editor, schemas, run]);
  const [collapsed, setCollapsed] = useState<Record<PanelId, boolean>>({ editor: false, schemas: false, run: false });
  const { defaultLayout, onLayoutChanged } = useDefaultLayout({ id: `playground-panels:${storageId}`, panelIds: [...PANEL_IDS], storage: layoutStorage });
  const onPanelResized = useCallback(
    (id: PanelId) => {
      const isCollapsed = refs[id].current?.isCollapsed() ?? false;
      setCollapsed((current) => (current[id] === isCollapsed ? current : { ...current, [id]: isCollapsed }));
    },
    [refs],
  );
  const toggle = useCallback(
    (id: PanelId) => {
      const panel = refs[id].current;
      if (!panel) return;
      if (panel.isCollapsed()) panel.expand();
      else panel.collapse();
    },
    [refs],
  );
  const reveal = useCallback(
    (id: PanelId) => {
      const panel = refs[id].current;
      if (panel?.isCollapsed()) panel.expand();
    },
    [refs],
  );
  const makeRoomForTimeline = useCallback(
    (share: number, editorShare?: number) => {
      const panel = refs.run.current;
      if (!panel) return;
      const editor = refs.editor.current;
      if (editor && editorShare !== undefined && !editor.isCollapsed() && editor.getSize().asPercentage > editorShare) editor.resize(`${editorShare}%`);
      if (panel.isCollapsed()) panel.expand();
      if (panel.getSize().asPercentage < share) panel.resize(`${share}%`);
    },
    [refs],
  );
  return { refs, collapsed, defaultLayout, onLayoutChanged, onPanelResized, toggle, reveal, makeRoomForTimeline };
}

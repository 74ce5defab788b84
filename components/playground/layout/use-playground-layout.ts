'use client';

import { useCallback, useEffect, useState } from 'react';
import { onRevealPanel, type NarrowPanel } from './reveal-panel';
import { usePanelLayout, type PanelLayout } from './use-panel-layout';
import { useWideLayout } from './use-wide-layout';

/** The least share of the width (percent) the run column and its timeline get when a run starts. */
const RUN_TIMELINE_SHARE = 36;
/** …and when a shared session opens, where reading the timeline is the point (the editor gives up the width). */
const SHARED_TIMELINE_SHARE = 45;
const SHARED_EDITOR_SHARE = 27;
/** …and when several models run side by side: their columns need most of the width, so the editor folds to its rail. */
const SIDE_BY_SIDE_SHARE = 66;

export type PlaygroundLayout = {
  /** Below 1200 px: which of the schema and run panels the shared column shows. */
  narrowPanel: NarrowPanel;
  showNarrowPanel: (panel: NarrowPanel) => void;
  /** From 1200 px the three columns are resizable panels. */
  wide: boolean;
  panels: PanelLayout;
  /** A turn starts: the run side is shown and its timeline gets room. */
  showRunColumn: () => void;
  /** Columns start side by side: the editor folds away and the run side takes most of the width. */
  showSideBySide: () => void;
};

/** The page's columns: tabs below 1200 px, resizable panels above; a run, Escape or a skip link shows the run side. */
export function usePlaygroundLayout(shared: boolean): PlaygroundLayout {
  const [narrowPanel, setNarrowPanel] = useState<NarrowPanel>('run');
  const wide = useWideLayout();
  const panels = usePanelLayout(shared ? 'shared' : 'playground');
  const { makeRoomForTimeline, reveal } = panels;
  useEffect(
    () =>
      onRevealPanel((panel) => {
        setNarrowPanel(panel);
        reveal(panel);
      }),
    [reveal],
  );
  // A shared session is opened to read its timeline: the run column takes nearly half the width.
  useEffect(() => {
    if (wide && shared) requestAnimationFrame(() => makeRoomForTimeline(SHARED_TIMELINE_SHARE, SHARED_EDITOR_SHARE));
  }, [wide, shared, makeRoomForTimeline]);
  const showRunColumn = useCallback(() => {
    setNarrowPanel('run');
    makeRoomForTimeline(RUN_TIMELINE_SHARE);
  }, [makeRoomForTimeline]);
  const showSideBySide = useCallback(() => {
    setNarrowPanel('run');
    panels.refs.editor.current?.collapse();
    makeRoomForTimeline(SIDE_BY_SIDE_SHARE);
  }, [makeRoomForTimeline, panels.refs]);
  return { narrowPanel, showNarrowPanel: setNarrowPanel, wide, panels, showRunColumn, showSideBySide };
}

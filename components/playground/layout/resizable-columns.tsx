'use client';

import type { ReactNode } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import type { PanelId, PanelLayout } from './use-panel-layout';

export const PANEL_LABELS: Record<PanelId, string> = { editor: 'editor', schemas: 'schema panel', run: 'run panel and timeline' };
const RAIL_LABELS: Record<PanelId, string> = { editor: 'Editor', schemas: 'Schemas', run: 'Run & timeline' };

export type ResizableColumnsProps = {
  layout: PanelLayout;
  /** The element id each column's content keeps (skip links and the e2e suite find them by it). */
  columns: Record<PanelId, ReactNode>;
};

/** A collapsed panel is this slim rail: its name, written down the side, and a button to bring it back. */
const RAIL_WIDTH = '28px';

/** Three columns side by side, each resizable by the handle beside it and collapsible to a rail. */
export function ResizableColumns({ layout, columns }: ResizableColumnsProps) {
  const panel = (id: PanelId, minSize: number, defaultSize: string, border: string) => (
    <Panel
      id={id}
      panelRef={layout.refs[id]}
      collapsible
      collapsedSize={RAIL_WIDTH}
      minSize={minSize}
      defaultSize={defaultSize}
      onResize={() => layout.onPanelResized(id)}
      className={`min-h-0 bg-bg ${border}`}
    >
      {layout.collapsed[id] && (
        <button
          type="button"
          data-testid={`expand-${id}`}
          onClick={() => layout.toggle(id)}
          aria-label={`Show the ${PANEL_LABELS[id]}`}
          title={`Show the ${PANEL_LABELS[id]}`}
          className="flex h-full w-full flex-col items-center gap-2 bg-panel-muted pt-3 text-[11px] font-medium text-fg-muted hover:bg-panel hover:text-fg"
        >
          <span aria-hidden>»</span>
          <span aria-hidden className="[writing-mode:vertical-rl]">
            {RAIL_LABELS[id]}
          </span>
        </button>
      )}
      <div className={`h-full min-h-0 ${layout.collapsed[id] ? 'hidden' : ''}`}>{columns[id]}</div>
    </Panel>
  );
  const handle = (id: string, label: string) => (
    <Separator
      id={id}
      aria-label={label}
      className="w-1 shrink-0 bg-border outline-none transition-colors hover:bg-accent/60 focus-visible:bg-accent data-[separator=active]:bg-accent data-[separator=hover]:bg-accent/60 data-[separator=focus]:bg-accent"
    />
  );
  return (
    <Group id="playground-columns" className="min-h-0 flex-1" defaultLayout={layout.defaultLayout} onLayoutChanged={layout.onLayoutChanged}>
      {panel('editor', 340, '38%', '')}
      {handle('resize-editor', 'Resize the editor (Enter collapses it)')}
      {panel('schemas', 320, '27%', '')}
      {handle('resize-schemas', 'Resize the schema panel (Enter collapses it)')}
      {panel('run', 380, '35%', '')}
    </Group>
  );
}

export type PanelTogglesProps = { layout: PanelLayout };

/** Header buttons that hide or show each column of the wide layout. */
export function PanelToggles({ layout }: PanelTogglesProps) {
  return (
    <div role="group" aria-label="Panels" className="flex items-center overflow-hidden rounded-md border border-border">
      {(['editor', 'schemas', 'run'] as const).map((id) => (
        <button
          key={id}
          type="button"
          data-testid={`toggle-${id}`}
          aria-pressed={!layout.collapsed[id]}
          aria-label={`${layout.collapsed[id] ? 'Show' : 'Hide'} the ${PANEL_LABELS[id]}`}
          title={`${layout.collapsed[id] ? 'Show' : 'Hide'} the ${PANEL_LABELS[id]}`}
          onClick={() => layout.toggle(id)}
          className={`border-l border-border px-2 py-1 first:border-l-0 ${layout.collapsed[id] ? 'text-fg-muted line-through decoration-fg-muted/60' : 'bg-panel-muted text-fg'} hover:bg-panel-muted`}
        >
          {id === 'editor' ? 'Editor' : id === 'schemas' ? 'Schemas' : 'Run'}
        </button>
      ))}
    </div>
  );
}

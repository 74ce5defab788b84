'use client';

import type { ReactNode } from 'react';
import type { CompileState } from '@/lib/client';
import { selectSchemaView } from '@/lib/client/compile';
import { NarrowPanelTabs } from './narrow-panel-tabs';
import type { NarrowPanel } from './reveal-panel';
import { ResizableColumns } from './resizable-columns';
import type { PlaygroundLayout } from './use-playground-layout';

export type PlaygroundColumnsProps = {
  layout: PlaygroundLayout;
  editor: ReactNode;
  schemas: ReactNode;
  run: ReactNode;
  /** What the narrow layout's tabs count: the compiled tools, the calls waiting for the user, and whether a turn runs. */
  compile: CompileState;
  waitingCount: number;
  running: boolean;
};

/** The editor, schema and run columns: resizable panels from 1200 px, else a grid whose right column has two tabs. */
export function PlaygroundColumns({ layout, editor, schemas, run, compile, waitingCount, running }: PlaygroundColumnsProps) {
  const { wide, panels, narrowPanel, showNarrowPanel } = layout;
  if (wide) {
    return (
      <main className="flex min-h-0 flex-1">
        <ResizableColumns
          layout={panels}
          columns={{
            editor: <div className="h-full min-h-0">{editor}</div>,
            schemas: (
              <div id="panel-schemas" className="h-full min-h-0 bg-bg">
                {schemas}
              </div>
            ),
            run: (
              <div id="panel-run" className="flex h-full min-h-0 flex-col bg-bg">
                {run}
              </div>
            ),
          }}
        />
      </main>
    );
  }
  const hidden = (panel: NarrowPanel) => (narrowPanel === panel ? '' : 'max-[1199px]:hidden');
  return (
    // The server renders this one; CSS lays it out in three columns until the browser knows its width.
    <main className="grid min-h-0 flex-1 grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] min-[1200px]:grid-cols-[minmax(0,1.3fr)_minmax(0,0.9fr)_minmax(0,1.05fr)]">
      <div className="min-h-0 border-r border-border">{editor}</div>
      <div className="flex min-h-0 flex-col min-[1200px]:contents">
        <NarrowPanelTabs shown={narrowPanel} onShow={showNarrowPanel} toolCount={selectSchemaView(compile).tools.length} waiting={waitingCount} running={running} />
        <div id="panel-schemas" className={`min-h-0 border-border bg-bg max-[1199px]:flex-1 min-[1200px]:border-r ${hidden('schemas')}`}>
          {schemas}
        </div>
        <div id="panel-run" className={`flex min-h-0 flex-col bg-bg max-[1199px]:flex-1 ${hidden('run')}`}>
          {run}
        </div>
      </div>
    </main>
  );
}

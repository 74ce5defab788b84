'use client';

import type { Dispatch } from 'react';
import { useState } from 'react';
import { type PlaygroundAction, type PlaygroundState, type SideBySideRun } from '@/lib/client';
import type { SideBySideRunner } from '@/components/playground/turns';
import { CompareColumnsButton } from './compare-columns-button';
import { SideBySideColumnView } from './side-by-side-column';

export type SideBySideColumnsProps = {
  state: PlaygroundState;
  sideBySide: SideBySideRun;
  dispatch: Dispatch<PlaygroundAction>;
  runner: SideBySideRunner;
};

/**
 * One message sent to several configurations: a column each, side by side and live. Keeping a
 * column makes its turn the conversation's next; Close lets them all go (the message returns to
 * the composer).
 */
export function SideBySideColumns({ state, sideBySide, dispatch, runner }: SideBySideColumnsProps) {
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  const { columns } = sideBySide;
  const pickedColumns = columns.filter((column) => picked.has(column.run.runId));
  const letGo = (then: PlaygroundAction) => {
    runner.stopAll();
    dispatch(then);
  };
  return (
    <section aria-label="Side by side" data-testid="side-by-side" data-columns={columns.length} className="space-y-2">
      <div className="flex flex-wrap items-center gap-2 text-[11px] text-fg-muted">
        <span className="min-w-0 flex-1 truncate">
          <span className="font-semibold text-fg">Side by side · {columns.length} models</span> · “{sideBySide.message}” · Keep one to continue the conversation from it
        </span>
        <CompareColumnsButton state={state} columns={pickedColumns} />
        <button
          type="button"
          data-testid="side-by-side-close"
          onClick={() => letGo({ type: 'side-by-side-closed' })}
          title="Close the columns without keeping one; their message goes back to the composer"
          className="rounded-md border border-border px-2 py-0.5 text-[11px] font-medium text-fg hover:bg-panel-muted"
        >
          Close
        </button>
      </div>
      <div data-testid="side-by-side-grid" className="grid gap-2" style={{ gridTemplateColumns: `repeat(${columns.length}, minmax(15rem, 1fr))` }}>
        {columns.map((column, index) => (
          <SideBySideColumnView
            key={column.run.runId}
            index={index}
            column={column}
            earlierTurns={sideBySide.earlierTurns}
            state={state}
            actions={runner.actionsFor(column.run.runId)}
            picked={picked.has(column.run.runId)}
            onPick={(pick) =>
              setPicked((current) => {
                const next = new Set(current);
                if (pick) next.add(column.run.runId);
                else next.delete(column.run.runId);
                return next;
              })
            }
            onStop={() => runner.stop(column.run.runId)}
            onKeep={() => letGo({ type: 'column-kept', runId: column.run.runId })}
          />
        ))}
      </div>
    </section>
  );
}

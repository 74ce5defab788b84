'use client';

import { useState, type ReactNode } from 'react';
import type { TimelineState, TurnEndReason } from '@/lib/runtime';
import type { TurnControls } from './turn-controls';

const REASON_LABELS: Record<TurnEndReason, string> = {
  completed: 'completed',
  'tool-ended': 'ended by a tool',
  'max-iterations': 'iteration limit',
  aborted: 'stopped',
  error: 'failed',
};

export type TurnSectionProps = {
  index: number;
  /** The turn's number in its conversation, as shown (1 for the first). */
  number: number;
  /** The server refused the turn before it started; no events came. */
  refused?: boolean;
  state: TimelineState;
  /** The message the turn was sent with (known before its `turn-start` arrives). */
  message: string;
  collapsed: boolean;
  onToggle: () => void;
  controls?: TurnControls;
  children: ReactNode;
};

/** One turn of the conversation: a bar (number, message, outcome, Edit or Fork) above its timeline. */
export function TurnSection({ index, number, refused = false, state, message, collapsed, onToggle, controls, children }: TurnSectionProps) {
  const [draft, setDraft] = useState<string | null>(null);
  const calls = Object.keys(state.calls).length;
  const outcome = state.end ? REASON_LABELS[state.end.reason] : refused ? 'refused' : state.status === 'running' ? 'running' : '';
  const editing = draft !== null && controls?.kind === 'editable';
  return (
    <section data-testid="turn-section" data-turn-index={index} data-collapsed={collapsed ? 'true' : 'false'} className="space-y-3">
      <div className="flex flex-wrap items-start gap-x-2 gap-y-0.5 rounded-md border border-border bg-panel px-2 py-1.5 text-xs">
        <button
          type="button"
          data-testid={`turn-toggle-${index}`}
          onClick={onToggle}
          aria-expanded={!collapsed}
          className="flex min-w-40 flex-1 items-start gap-1.5 text-left"
          title={collapsed ? 'Show this turn' : 'Collapse this turn'}
        >
          <span aria-hidden className="mt-px w-3 shrink-0 text-fg-muted">
            {collapsed ? '▸' : '▾'}
          </span>
          <span data-testid="turn-number" className="shrink-0 font-semibold">
            Turn {number}
          </span>
          <span data-testid="turn-message" className={`min-w-0 text-fg ${collapsed ? 'truncate' : 'whitespace-pre-wrap break-words'}`}>
            {message}
          </span>
        </button>
        <span className="ml-auto mt-px shrink-0 whitespace-nowrap text-[11px] text-fg-muted">
          {calls > 0 ? `${calls} call${calls === 1 ? '' : 's'} · ` : ''}
          {outcome}
        </span>
        {controls?.kind === 'editable' && !editing && (
          <button
            type="button"
            data-testid={`edit-turn-${index}`}
            disabled={controls.disabled}
            onClick={() => setDraft(message)}
            title="Edit this message and re-run from here in a new branch; this branch stays reachable"
            className="shrink-0 rounded border border-border px-1.5 text-[11px] hover:bg-panel-muted disabled:opacity-40"
          >
            Edit
          </button>
        )}
        {controls?.kind === 'shared' && state.end && (
          <button
            type="button"
            data-testid={`fork-turn-${index}`}
            onClick={() => controls.onFork(index)}
            title="Open an editable copy of the conversation up to this turn and continue from there"
            className="shrink-0 rounded border border-border px-1.5 text-[11px] hover:bg-panel-muted"
          >
            Fork from here
          </button>
        )}
        {controls?.kind === 'shared' && state.end && controls.onRerunWithEdits && (
          <button
            type="button"
            data-testid={`rerun-with-edits-${index}`}
            onClick={() => controls.onRerunWithEdits?.(index)}
            title="Run this turn again with the module, model and settings as you edited them here: the recording answers until a request differs, the model runs live from there"
            className="shrink-0 rounded border border-border px-1.5 text-[11px] hover:bg-panel-muted"
          >
            Re-run with my edits
          </button>
        )}
      </div>
      {editing && <EditTurnForm index={index} draft={draft} onChange={setDraft} onClose={() => setDraft(null)} onRerun={controls.onRerun} disabled={controls.disabled} />}
      {!collapsed && children}
    </section>
  );
}

type EditTurnFormProps = {
  index: number;
  draft: string;
  onChange: (draft: string) => void;
  onClose: () => void;
  onRerun: (turnIndex: number, message: string) => void;
  disabled: boolean;
};

/** The turn's message, edited, and Re-run from here in a new branch. */
function EditTurnForm({ index, draft, onChange, onClose, onRerun, disabled }: EditTurnFormProps) {
  return (
    <form
      className="space-y-1.5 rounded-md border border-accent/50 bg-panel p-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (draft.trim() === '') return;
        onRerun(index, draft);
        onClose();
      }}
    >
      <textarea
        data-testid={`edit-turn-message-${index}`}
        aria-label={`Message of turn ${index + 1}`}
        value={draft}
        rows={3}
        autoFocus
        onChange={(event) => onChange(event.target.value)}
        className="block w-full resize-y rounded border border-border bg-panel px-2 py-1 text-[13px]"
      />
      <div className="flex items-center justify-end gap-2 text-xs">
        <span className="mr-auto text-[11px] text-fg-muted">Runs from turn {index + 1} in a new branch; the current branch is kept.</span>
        <button type="button" onClick={onClose} className="rounded border border-border px-2 py-0.5 hover:bg-panel-muted">
          Cancel
        </button>
        <button
          type="submit"
          data-testid={`rerun-turn-${index}`}
          disabled={disabled || draft.trim() === ''}
          className="rounded bg-accent px-2.5 py-0.5 font-semibold text-accent-fg disabled:opacity-50"
        >
          Re-run from here
        </button>
      </div>
    </form>
  );
}

'use client';

import type { ProviderCheckOutcome } from '@/lib/models';
import type { ProviderCheckState } from './use-provider-check';

export type ProviderCheckLineProps = { state: ProviderCheckState; onCheck: () => void };

const OUTCOME_CLASS: Record<ProviderCheckOutcome, string> = {
  ready: 'text-emerald-700 dark:text-emerald-400',
  'no-models-list': 'text-amber-800 dark:text-amber-300',
  'key-needed': 'text-amber-800 dark:text-amber-300',
  'key-refused': 'text-red-700 dark:text-red-400',
  'not-an-api': 'text-red-700 dark:text-red-400',
  failed: 'text-red-700 dark:text-red-400',
  unreachable: 'text-red-700 dark:text-red-400',
  refused: 'text-red-700 dark:text-red-400',
  invalid: 'text-amber-800 dark:text-amber-300',
};

/** The sentence a check of the base URL and key produced, and the button that runs one now. */
export function ProviderCheckLine({ state, onCheck }: ProviderCheckLineProps) {
  return (
    <div className="col-span-2 flex items-start gap-2">
      <p data-testid="model-check" data-outcome={state.kind === 'answered' ? state.answer.outcome : state.kind} aria-live="polite" className={`min-w-0 flex-1 text-[11px] leading-snug ${describeClass(state)}`}>
        {describeState(state)}
      </p>
      <button
        type="button"
        data-testid="model-check-button"
        onClick={onCheck}
        disabled={state.kind === 'checking'}
        className="shrink-0 rounded-md border border-border px-2 py-0.5 text-[11px] text-fg-muted hover:text-fg disabled:opacity-60"
        title="Send one request for the provider's model list with this key, from the server, to see whether a turn can reach the model"
      >
        Check
      </button>
    </div>
  );
}

function describeState(state: ProviderCheckState): string {
  switch (state.kind) {
    case 'idle':
      return 'Base URL and key are checked when you change them, or with Check.';
    case 'checking':
      return 'Checking the base URL and key…';
    case 'answered':
      return state.answer.message;
    case 'failed':
      return state.message;
  }
}

function describeClass(state: ProviderCheckState): string {
  switch (state.kind) {
    case 'idle':
    case 'checking':
      return 'text-fg-muted';
    case 'answered':
      return OUTCOME_CLASS[state.answer.outcome];
    case 'failed':
      return 'text-amber-800 dark:text-amber-300';
  }
}

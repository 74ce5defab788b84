'use client';

import type { RuntimeEvent } from '@/lib/runtime';

/** Calls of the turn that wait for a person: approvals asked, outputs requested and servers' questions, not yet answered. */
export function selectWaitingCalls(events: readonly RuntimeEvent[]): { approvals: string[]; outputs: string[]; questions: string[] } {
  const approvals = new Set<string>();
  const outputs = new Set<string>();
  const questions = new Map<string, string>();
  for (const event of events) {
    if (event.type === 'tool-approval-request') approvals.add(event.callId);
    else if (event.type === 'tool-approval-response') approvals.delete(event.callId);
    else if (event.type === 'tool-output-request') outputs.add(event.callId);
    else if (event.type === 'tool-output-response') outputs.delete(event.callId);
    else if (event.type === 'tool-elicitation-request') questions.set(event.elicitationId, event.callId);
    else if (event.type === 'tool-elicitation-response') questions.delete(event.elicitationId);
    else if (event.type === 'tool-output') for (const [id, callId] of questions) if (callId === event.callId) questions.delete(id);
  }
  return { approvals: [...approvals], outputs: [...outputs], questions: [...questions.values()] };
}

/** Brings the first waiting call card into view and focuses its first control. */
function showCall(callId: string): void {
  const card = document.querySelector<HTMLElement>(`[data-testid="call-card-${CSS.escape(callId)}"]`);
  if (!card) return;
  card.scrollIntoView({ block: 'center', behavior: 'smooth' });
  card.querySelector<HTMLElement>('button:not([disabled]), textarea, [data-testid^="elicitation-field-"]')?.focus({ preventScroll: true });
}

/** "Waiting for you: 1 approval · Show", so a pending decision below the fold is not missed. */
export function PendingForYou({ events }: { events: readonly RuntimeEvent[] }) {
  const { approvals, outputs, questions } = selectWaitingCalls(events);
  const first = approvals[0] ?? outputs[0] ?? questions[0];
  if (!first) return null;
  const parts = [
    approvals.length > 0 ? `${approvals.length} approval${approvals.length === 1 ? '' : 's'}` : '',
    outputs.length > 0 ? `${outputs.length} typed output${outputs.length === 1 ? '' : 's'}` : '',
    questions.length > 0 ? `${questions.length} server question${questions.length === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return (
    <p
      data-testid="waiting-for-you"
      role="status"
      className="flex items-center gap-2 rounded border border-violet-300 bg-violet-50 px-2 py-1 text-xs font-medium text-violet-900 dark:border-violet-900 dark:bg-violet-950/40 dark:text-violet-200"
    >
      <span aria-hidden className="size-1.5 animate-pulse rounded-full bg-violet-500" />
      Waiting for you: {parts.join(' and ')}
      <button
        type="button"
        data-testid="show-waiting-call"
        onClick={() => showCall(first)}
        className="ml-auto rounded border border-violet-300 px-1.5 font-semibold hover:bg-violet-100 dark:border-violet-800 dark:hover:bg-violet-900/40"
      >
        Show
      </button>
    </p>
  );
}

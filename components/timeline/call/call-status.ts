import type { BadgeTone } from '@/components/ui/badge';
import { assertNever, type CallState, type ToolOutputStatus } from '@/lib/runtime';

/** What a call card shows as its state: the output status once done, the phase before. */
export function describeCallStatus(call: CallState): { status: string; label: string; tone: BadgeTone } {
  switch (call.phase) {
    case 'proposed':
      return { status: 'proposed', label: 'proposed', tone: 'neutral' };
    case 'queued':
      return { status: 'queued', label: 'queued', tone: 'neutral' };
    case 'awaiting-approval':
      return { status: 'awaiting-approval', label: 'needs approval', tone: 'violet' };
    case 'running':
      return { status: 'running', label: 'running', tone: 'blue' };
    case 'awaiting-output':
      return { status: 'awaiting-output', label: 'needs an output', tone: 'violet' };
    case 'rejected':
      return { status: 'rejected', label: 'rejected', tone: 'amber' };
    case 'done':
      return describeOutputStatus(call.output.status);
    default:
      return assertNever(call);
  }
}

function describeOutputStatus(status: ToolOutputStatus): { status: ToolOutputStatus; label: string; tone: BadgeTone } {
  switch (status) {
    case 'success':
      return { status, label: 'success', tone: 'green' };
    case 'error':
      return { status, label: 'error', tone: 'red' };
    case 'timeout':
      return { status, label: 'timeout', tone: 'amber' };
    case 'aborted':
      return { status, label: 'aborted', tone: 'neutral' };
    case 'denied':
      return { status, label: 'denied', tone: 'red' };
    case 'rejected':
      return { status, label: 'rejected', tone: 'amber' };
    default:
      return assertNever(status);
  }
}

/** A short duration: `42 ms`, `1.3 s`. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

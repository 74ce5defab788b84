import type { RuntimeEvent } from '@/lib/runtime';
import type { AppDifference, SessionRecord } from '@/lib/sessions';
import type { TraceAppCall, TraceNote } from './trace-run';

/**
 * How the turn that records an imported trace answers the permission gate: the app ran the call,
 * so the recording approves it as the app did (the timeline shows the gate's question and this).
 */
export const APP_RAN_APPROVAL = { approved: true, reason: 'The app ran this call without asking.' } as const;

/**
 * Where the runtime decided otherwise than the app, read from what the runtime itself did when the
 * imported turns ran (`recordTraceSession`): each call the script proposed is paired, in order,
 * with the app's call (`appCalls`), and a call the app ran whose events show a name that did not
 * resolve, arguments rejected or repaired, or the gate asking or denying gets an `appDifferences`
 * entry on its turn (what the timeline marks on the call) and a note (what the import lists).
 */
export function noteAppDifferences(session: SessionRecord, appCalls: readonly TraceAppCall[]): { session: SessionRecord; notes: TraceNote[] } {
  const notes: TraceNote[] = [];
  let next = 0;
  const turns = session.turns.map((turn) => {
    const differences: AppDifference[] = [];
    for (const event of turn.events) {
      if (event.type !== 'model-response') continue;
      for (const proposed of event.calls) {
        const app = appCalls[next];
        next += 1;
        if (!app?.ran) continue;
        for (const difference of describeDifferences(turn.events, proposed.callId)) {
          differences.push(difference);
          notes.push({ where: app.where, reason: difference.note });
        }
      }
    }
    return differences.length > 0 ? { ...turn, appDifferences: differences } : turn;
  });
  return { session: { ...session, turns }, notes };
}

/** Each invalid path as the runtime words it: ` /city: must be string; …`. */
function describeIssues(issues: readonly { path: string; message: string }[]): string {
  return issues.length === 0 ? '' : ` ${issues.map((issue) => `${issue.path || '/'}: ${issue.message}`).join('; ')}`;
}

/** What the runtime did with one call the app ran, where that differs from running it as the app did. */
function describeDifferences(events: readonly RuntimeEvent[], callId: string): AppDifference[] {
  const differences: AppDifference[] = [];
  for (const event of events) {
    if (!('callId' in event) || event.callId !== callId) continue;
    switch (event.type) {
      case 'tool-input-repair':
        differences.push({ callId, kind: 'arguments-repaired', note: `The app ran this call on the arguments as the model wrote them; the runtime repaired them first (${event.repairs.map((step) => step.rung).join(', ')}).` });
        break;
      case 'tool-input-error':
        differences.push(
          event.code === 'unknown-tool'
            ? { callId, kind: 'unknown-tool', note: `The app ran this call; the runtime does not resolve its tool name, so the model got this instead of the app's result: ${event.message}` }
            : { callId, kind: 'arguments-rejected', note: `The app ran this call with these arguments; the runtime rejects them (${event.code}), so the model got this instead of the app's result: ${event.message}${describeIssues(event.issues ?? [])}` },
        );
        break;
      case 'tool-permission':
        if (event.decision === 'ask') differences.push({ callId, kind: 'permission-ask', note: `The app ran this call without asking; the permission gate asks first (${event.reason}). The import approved it as the app ran it.` });
        if (event.decision === 'deny') differences.push({ callId, kind: 'permission-deny', note: `The app ran this call; the permission gate denies it (${event.reason}), so the model got the denial instead of the app's result.` });
        break;
      default:
        break;
    }
  }
  return differences.map((difference) => ({ ...difference, note: difference.note.slice(0, 2000) }));
}

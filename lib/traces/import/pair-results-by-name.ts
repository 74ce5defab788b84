import { addResult } from './read-gen-ai-spans';
import type { TraceRun, TraceToolResult } from './trace-run';

/** A tool's result recorded without the id of the call it answers. */
export type UnpairedResult = Omit<TraceToolResult, 'callId'>;

/**
 * Each result answers the first call of the same tool not answered yet, in order (for formats whose
 * tool spans carry no call id); a result no call is left for is listed in the notes.
 */
export function pairResultsByName(run: TraceRun, results: readonly UnpairedResult[]): void {
  const answered = new Set(run.results.filter((result) => result.name !== '').map((result) => result.callId));
  const pending = run.modelCalls.flatMap((call) => call.calls).filter((call) => !answered.has(call.callId));
  for (const result of results) {
    const index = pending.findIndex((call) => call.name === result.name);
    const [call] = index === -1 ? [] : pending.splice(index, 1);
    if (call) addResult(run, { ...result, callId: call.callId });
    else run.notes.push({ where: result.where, reason: 'No model call proposed a call of this tool that is still unanswered; its result was not imported.' });
  }
}

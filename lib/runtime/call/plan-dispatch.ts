import type { ExecutionMode } from '../vocabulary/modes';

export type DispatchBatch = { mode: ExecutionMode; callIds: string[] };

/**
 * Barrier semantics: calls keep model order; consecutive parallel calls form one concurrent
 * batch; a sequential call runs alone after everything before it and before everything after
 * it — so a read the model placed after a write sees the write.
 */
export function planDispatch(calls: readonly { callId: string; mode: ExecutionMode }[]): DispatchBatch[] {
  const batches: DispatchBatch[] = [];
  for (const call of calls) {
    const last = batches.at(-1);
    if (call.mode === 'parallel' && last?.mode === 'parallel') last.callIds.push(call.callId);
    else batches.push({ mode: call.mode, callIds: [call.callId] });
  }
  return batches;
}

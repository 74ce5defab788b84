import { type ConversationItem, type ModelClient, ok } from '@/lib/runtime';

/** One scripted iteration: the calls the model proposes, with raw argument strings. */
export type BenchStep = { calls: { name: string; arguments: string }[] };

/**
 * An in-memory ModelClient for benches: answers iteration i with step i at once, then a
 * final text. No HTTP and no SDK, so timings are the runtime's and the tools' only.
 */
export function createScriptClient(steps: readonly BenchStep[], finalText = 'done'): ModelClient {
  let index = 0;
  return {
    label: 'bench:scripted',
    hostedToolSearch: false,
    supportsDeferredTools: true,
    async createResponse() {
      const step = steps[index];
      index += 1;
      if (!step) return ok({ id: `resp_${index}`, output: [{ type: 'message', role: 'assistant', content: finalText }] });
      const output: ConversationItem[] = step.calls.map((call, position) => ({
        type: 'function_call',
        call_id: `call_${index}_${position}`,
        name: call.name,
        arguments: call.arguments,
      }));
      return ok({ id: `resp_${index}`, output });
    },
  };
}

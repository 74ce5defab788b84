import { type ConversationItem, type ModelClient, ok, runTurn } from '@/lib/runtime';
import { createOurNoopTool } from './our-noop-tool';
import { FINAL_TEXT, formatNoopArguments, measureLoop, NOOP_TOOL, USER_MESSAGE, WORKLOAD } from './workload';

const { tool: noop, counter } = createOurNoopTool();

/** An in-memory ModelClient: no HTTP, no SDK, answers step i of the script at once. */
function createScriptedClient(): ModelClient {
  let step = 0;
  return {
    label: 'bench:scripted',
    hostedToolSearch: false,
    supportsDeferredTools: true,
    async createResponse() {
      const iteration = step;
      step += 1;
      if (iteration >= WORKLOAD.iterations) return ok({ id: `resp_${iteration}`, output: [{ type: 'message', role: 'assistant', content: FINAL_TEXT }] });
      const output: ConversationItem[] = Array.from({ length: WORKLOAD.callsPerIteration }, (_, position) => ({
        type: 'function_call',
        call_id: `call_${iteration}_${position}`,
        name: NOOP_TOOL.name,
        arguments: formatNoopArguments(iteration, position),
      }));
      return ok({ id: `resp_${iteration}`, output });
    },
  };
}

await measureLoop('ours', async () => {
  counter.executed = 0;
  const outcome = await runTurn({
    tools: [noop],
    model: createScriptedClient(),
    input: [{ type: 'message', role: 'user', content: USER_MESSAGE }],
    request: { maxIterations: WORKLOAD.iterations + 1 },
  });
  if (outcome.reason !== 'completed') throw new Error(`Turn ended with ${outcome.reason}: ${outcome.error ?? ''}`);
  return counter.executed;
});

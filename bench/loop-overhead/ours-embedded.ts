import { createModelClient } from '@/lib/models/server/create-model-client';
import { runTurn } from '@/lib/runtime';
import { createOurNoopTool } from './our-noop-tool';
import { FINAL_TEXT, formatNoopArguments, measureLoop, NOOP_TOOL, USER_MESSAGE, WORKLOAD } from './workload';

const { tool: noop, counter } = createOurNoopTool();

// The same script served in-process to the openai SDK: includes its request building and parsing.
const script = [
  ...Array.from({ length: WORKLOAD.iterations }, (_, iteration) => ({
    calls: Array.from({ length: WORKLOAD.callsPerIteration }, (_, position) => ({ name: NOOP_TOOL.name, arguments: formatNoopArguments(iteration, position) })),
  })),
  { text: FINAL_TEXT },
];

await measureLoop('ours-embedded', async () => {
  counter.executed = 0;
  const outcome = await runTurn({
    tools: [noop],
    model: createModelClient({ provider: 'scripted', script }),
    input: [{ type: 'message', role: 'user', content: USER_MESSAGE }],
    request: { maxIterations: WORKLOAD.iterations + 1 },
  });
  if (outcome.reason !== 'completed') throw new Error(`Turn ended with ${outcome.reason}: ${outcome.error ?? ''}`);
  return counter.executed;
});

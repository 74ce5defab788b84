import { Agent, run, setTracingDisabled, tool, Usage, type Model, type ModelResponse } from '@openai/agents-core';
import { FINAL_TEXT, formatNoopArguments, measureLoop, NOOP_TOOL, USER_MESSAGE, WORKLOAD } from './workload';

// Tracing off: the other runtimes record no traces either.
setTracingDisabled(true);

let executed = 0;
const noop = tool({
  name: NOOP_TOOL.name,
  description: NOOP_TOOL.description,
  parameters: NOOP_TOOL.schema,
  execute: async () => {
    executed += 1;
    return 'ok';
  },
});

/** A custom Model answering step i of the script at once, in the Agents SDK's item shape. */
function createScriptedModel(): Model {
  let step = 0;
  return {
    async getResponse(): Promise<ModelResponse> {
      const iteration = step;
      step += 1;
      if (iteration >= WORKLOAD.iterations) {
        return {
          usage: new Usage(),
          responseId: `resp_${iteration}`,
          output: [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: FINAL_TEXT }] }],
        };
      }
      return {
        usage: new Usage(),
        responseId: `resp_${iteration}`,
        output: Array.from({ length: WORKLOAD.callsPerIteration }, (_, position) => ({
          type: 'function_call' as const,
          callId: `call_${iteration}_${position}`,
          name: NOOP_TOOL.name,
          status: 'completed' as const,
          arguments: formatNoopArguments(iteration, position),
        })),
      };
    },
    getStreamedResponse() {
      throw new Error('The benchmark does not stream.');
    },
  };
}

await measureLoop('agents-core', async () => {
  executed = 0;
  const agent = new Agent({ name: 'bench', instructions: 'Run the tool as scripted.', model: createScriptedModel(), tools: [noop] });
  const result = await run(agent, USER_MESSAGE, { maxTurns: WORKLOAD.iterations + 1 });
  if (result.finalOutput !== FINAL_TEXT) throw new Error(`Agents run ended without the final text (got ${JSON.stringify(result.finalOutput)}).`);
  return executed;
});

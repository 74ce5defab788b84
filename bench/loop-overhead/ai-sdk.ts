import type { LanguageModelV3Content, LanguageModelV3GenerateResult } from '@ai-sdk/provider';
import { generateText, stepCountIs, tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { FINAL_TEXT, formatNoopArguments, measureLoop, NOOP_TOOL, USER_MESSAGE, WORKLOAD } from './workload';

let executed = 0;
const tools = {
  [NOOP_TOOL.name]: tool({
    description: NOOP_TOOL.description,
    inputSchema: NOOP_TOOL.schema,
    execute: async () => {
      executed += 1;
      return 'ok';
    },
  }),
};

const usage: LanguageModelV3GenerateResult['usage'] = {
  inputTokens: { total: 0, noCache: 0, cacheRead: 0, cacheWrite: 0 },
  outputTokens: { total: 0, text: 0, reasoning: 0 },
};

function respond(iteration: number): LanguageModelV3GenerateResult {
  if (iteration >= WORKLOAD.iterations) {
    return { content: [{ type: 'text', text: FINAL_TEXT }], finishReason: { unified: 'stop', raw: 'stop' }, usage, warnings: [] };
  }
  const content: LanguageModelV3Content[] = Array.from({ length: WORKLOAD.callsPerIteration }, (_, position) => ({
    type: 'tool-call',
    toolCallId: `call_${iteration}_${position}`,
    toolName: NOOP_TOOL.name,
    input: formatNoopArguments(iteration, position),
  }));
  return { content, finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage, warnings: [] };
}

await measureLoop('ai-sdk', async () => {
  executed = 0;
  let step = 0;
  const model = new MockLanguageModelV3({
    doGenerate: async () => {
      step += 1;
      return respond(step - 1);
    },
  });
  const result = await generateText({ model, tools, prompt: USER_MESSAGE, stopWhen: stepCountIs(WORKLOAD.iterations + 1) });
  if (result.text !== FINAL_TEXT) throw new Error(`AI SDK run ended without the final text (got ${JSON.stringify(result.text)}).`);
  return executed;
});

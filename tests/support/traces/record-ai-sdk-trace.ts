import { generateText, jsonSchema, stepCountIs, tool, type ModelMessage, type ToolSet } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { JSONSchema7 } from '@ai-sdk/provider';
import type { OtlpTraceDocument } from '@/lib/traces';
import { createSpanCapture } from './capture-spans';
import type { FixtureStep, FollowUp, TraceScenario } from './trace-scenario';

const USAGE = { inputTokens: { total: 12, noCache: 12, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 6, text: 6, reasoning: 0 } };

/**
 * The AI SDK's own `generateText` loop run on `scenario` with its telemetry on
 * (`experimental_telemetry: { isEnabled: true, tracer }`), against the SDK's mock model
 * (`ai/test`) answering the scenario's steps in order; the spans the SDK made, captured by the
 * OpenTelemetry SDK's in-memory exporter, as OTLP JSON. `recordOutputs: false` leaves responses out.
 * Each of `followUps` is one more `generateText` in the same trace (under one app span), sent the
 * conversation so far (`response.messages`) and its new user message, as a chat app continues.
 */
export async function recordAiSdkTrace(scenario: TraceScenario, options: { recordOutputs?: boolean; followUps?: readonly FollowUp[] } = {}): Promise<OtlpTraceDocument> {
  const capture = createSpanCapture('ai-sdk-fixture');
  const steps = [...scenario.steps, ...(options.followUps ?? []).flatMap((followUp) => followUp.steps)];
  let step = 0;
  const model = new MockLanguageModelV3({
    modelId: 'gpt-4o-mini',
    doGenerate: async () => {
      const answer = steps[step] ?? { text: '' };
      step += 1;
      return { content: toContent(answer), finishReason: { unified: answer.calls ? 'tool-calls' : 'stop', raw: answer.calls ? 'tool_calls' : 'stop' }, usage: USAGE, warnings: [] };
    },
  });
  const tools: ToolSet = Object.fromEntries(
    scenario.tools.map((fixture) => [
      fixture.name,
      tool({ description: fixture.description, inputSchema: jsonSchema<Record<string, unknown>>(fixture.parameters as JSONSchema7), execute: async (args: Record<string, unknown>) => fixture.execute(args) }),
    ]),
  );
  const telemetry = { isEnabled: true, tracer: capture.tracer, ...(options.recordOutputs === false ? { recordOutputs: false } : {}) };
  const common = { model, ...(scenario.system ? { system: scenario.system } : {}), tools, experimental_telemetry: telemetry };
  const converse = async (): Promise<void> => {
    let messages: ModelMessage[] = [{ role: 'user', content: scenario.prompt }];
    const first = await generateText({ ...common, messages, stopWhen: stepCountIs(scenario.steps.length) });
    messages = [...messages, ...first.response.messages];
    for (const followUp of options.followUps ?? []) {
      messages = [...(followUp.alone ? [] : messages), { role: 'user', content: followUp.prompt }];
      const next = await generateText({ ...common, messages, stopWhen: stepCountIs(followUp.steps.length) });
      messages = [...messages, ...next.response.messages];
    }
  };
  if (options.followUps) {
    await capture.tracer.startActiveSpan('chat-app conversation', async (span) => {
      await converse();
      span.end();
    });
  } else {
    await generateText({ ...common, prompt: scenario.prompt, stopWhen: stepCountIs(scenario.steps.length) });
  }
  return capture.toDocument();
}

function toContent(step: FixtureStep): ({ type: 'text'; text: string } | { type: 'tool-call'; toolCallId: string; toolName: string; input: string })[] {
  return [
    ...(step.text ? [{ type: 'text' as const, text: step.text }] : []),
    ...(step.calls ?? []).map((call) => ({ type: 'tool-call' as const, toolCallId: call.id, toolName: call.name, input: JSON.stringify(call.args) })),
  ];
}

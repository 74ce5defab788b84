import { generateText, jsonSchema, stepCountIs, tool, type ToolSet } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import type { JSONSchema7 } from '@ai-sdk/provider';
import type { OtlpTraceDocument } from '@/lib/traces';
import { createSpanCapture } from './capture-spans';
import type { FixtureStep, TraceScenario } from './trace-scenario';

const USAGE = { inputTokens: { total: 12, noCache: 12, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 6, text: 6, reasoning: 0 } };

/**
 * The AI SDK's own `generateText` loop run on `scenario` with its telemetry on
 * (`experimental_telemetry: { isEnabled: true, tracer }`), against the SDK's mock model
 * (`ai/test`) answering the scenario's steps in order; the spans the SDK made, captured by the
 * OpenTelemetry SDK's in-memory exporter, as OTLP JSON. `recordOutputs: false` leaves responses out.
 */
export async function recordAiSdkTrace(scenario: TraceScenario, options: { recordOutputs?: boolean } = {}): Promise<OtlpTraceDocument> {
  const capture = createSpanCapture('ai-sdk-fixture');
  let step = 0;
  const model = new MockLanguageModelV3({
    modelId: 'gpt-4o-mini',
    doGenerate: async () => {
      const answer = scenario.steps[step] ?? { text: '' };
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
  await generateText({
    model,
    ...(scenario.system ? { system: scenario.system } : {}),
    prompt: scenario.prompt,
    tools,
    stopWhen: stepCountIs(scenario.steps.length),
    experimental_telemetry: { isEnabled: true, tracer: capture.tracer, ...(options.recordOutputs === false ? { recordOutputs: false } : {}) },
  });
  return capture.toDocument();
}

function toContent(step: FixtureStep): ({ type: 'text'; text: string } | { type: 'tool-call'; toolCallId: string; toolName: string; input: string })[] {
  return [
    ...(step.text ? [{ type: 'text' as const, text: step.text }] : []),
    ...(step.calls ?? []).map((call) => ({ type: 'tool-call' as const, toolCallId: call.id, toolName: call.name, input: JSON.stringify(call.args) })),
  ];
}

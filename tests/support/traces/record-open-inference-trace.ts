import { SpanStatusCode, type Attributes, type Tracer } from '@opentelemetry/api';
import type { OtlpTraceDocument } from '@/lib/traces';
import { createSpanCapture } from './capture-spans';
import type { FixtureStep, TraceScenario } from './trace-scenario';

/**
 * A run instrumented by hand after the OpenInference conventions (no OpenInference instrumentation
 * is installed), its spans made and exported by the OpenTelemetry SDK. Attribute shapes from the
 * OpenInference specification (arize-ai.github.io/openinference/spec: "Semantic Conventions",
 * "Tool Calling"): `openinference.span.kind` LLM / TOOL / AGENT, `llm.model_name`,
 * `llm.input_messages.N.message.{role, content, tool_call_id}`, `llm.output_messages.N.message.
 * tool_calls.N.tool_call.{id, function.name, function.arguments}`, `llm.tools.N.tool.json_schema`;
 * a TOOL span's `tool.name`, `input.value`, `output.value` (with `toolCallIds`, `tool_call.id` too).
 */
export async function recordOpenInferenceTrace(scenario: TraceScenario, options: { toolCallIds?: boolean } = {}): Promise<OtlpTraceDocument> {
  const capture = createSpanCapture('openinference-fixture');
  const { tracer } = capture;
  await tracer.startActiveSpan('agent', { attributes: { 'openinference.span.kind': 'AGENT', 'input.value': scenario.prompt } }, async (agent) => {
    const history: Record<string, string>[] = [...(scenario.system ? [{ role: 'system', content: scenario.system }] : []), { role: 'user', content: scenario.prompt }];
    for (const step of scenario.steps) {
      recordLlmSpan(tracer, scenario, history, step);
      history.push({ role: 'assistant', content: step.text ?? '' });
      for (const call of step.calls ?? []) history.push({ role: 'tool', tool_call_id: call.id, content: await recordToolSpan(tracer, scenario, call, options.toolCallIds === true) });
    }
    agent.end();
  });
  return capture.toDocument();
}

function recordLlmSpan(tracer: Tracer, scenario: TraceScenario, history: readonly Record<string, string>[], step: FixtureStep): void {
  const attributes: Attributes = { 'openinference.span.kind': 'LLM', 'llm.model_name': 'gpt-4o-mini', 'llm.provider': 'openai' };
  history.forEach((message, index) => {
    for (const [key, value] of Object.entries(message)) attributes[`llm.input_messages.${index}.message.${key}`] = value;
  });
  scenario.tools.forEach((tool, index) => {
    attributes[`llm.tools.${index}.tool.json_schema`] = JSON.stringify({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.parameters } });
  });
  attributes['llm.output_messages.0.message.role'] = 'assistant';
  if (step.text) attributes['llm.output_messages.0.message.content'] = step.text;
  (step.calls ?? []).forEach((call, index) => {
    const prefix = `llm.output_messages.0.message.tool_calls.${index}.tool_call`;
    attributes[`${prefix}.id`] = call.id;
    attributes[`${prefix}.function.name`] = call.name;
    attributes[`${prefix}.function.arguments`] = JSON.stringify(call.args);
  });
  tracer.startSpan('ChatCompletion', { attributes }).end();
}

async function recordToolSpan(tracer: Tracer, scenario: TraceScenario, call: NonNullable<FixtureStep['calls']>[number], withId: boolean): Promise<string> {
  const tool = scenario.tools.find((candidate) => candidate.name === call.name);
  const attributes: Attributes = { 'openinference.span.kind': 'TOOL', 'tool.name': call.name, 'tool.description': tool?.description ?? '', 'input.value': JSON.stringify(call.args), ...(withId ? { 'tool_call.id': call.id } : {}) };
  return tracer.startActiveSpan(call.name, { attributes }, async (span) => {
    try {
      const result = await tool?.execute(call.args);
      const text = typeof result === 'string' ? result : JSON.stringify(result);
      span.setAttribute('output.value', text);
      return text;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      span.setStatus({ code: SpanStatusCode.ERROR, message });
      return message;
    } finally {
      span.end();
    }
  });
}

import { SpanStatusCode, type Tracer } from '@opentelemetry/api';
import type { OtlpTraceDocument } from '@/lib/traces';
import { createSpanCapture } from './capture-spans';
import type { FixtureStep, TraceScenario } from './trace-scenario';

/**
 * A run instrumented by hand after the OpenTelemetry GenAI semantic conventions (no instrumentation
 * library for them is installed), its spans made and exported by the OpenTelemetry SDK itself. The
 * attribute shapes follow the conventions' pages: "Semantic conventions for generative client AI
 * spans" (`chat {model}` spans: gen_ai.operation.name, gen_ai.provider.name, gen_ai.request.model,
 * gen_ai.input.messages / gen_ai.output.messages as role + parts, gen_ai.system_instructions,
 * gen_ai.tool.definitions) and "Execute tool span" (gen_ai.tool.name, gen_ai.tool.call.id,
 * gen_ai.tool.call.arguments, gen_ai.tool.call.result, error.type with an error status).
 * `events: true` records messages the older way, as span events (gen_ai.user.message, gen_ai.choice).
 * `exceptionsOnly: true` records a failed tool call only as `span.recordException` (an `exception`
 * event), without `error.type` or an error status, as some instrumentations do.
 */
export async function recordGenAiTrace(scenario: TraceScenario, options: { events?: boolean; omitOutputAt?: number; exceptionsOnly?: boolean } = {}): Promise<OtlpTraceDocument> {
  const capture = createSpanCapture('gen-ai-fixture');
  const { tracer } = capture;
  await tracer.startActiveSpan('invoke_agent travel', { attributes: { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.agent.name': 'travel' } }, async (agent) => {
    const history: unknown[] = [{ role: 'user', parts: [{ type: 'text', content: scenario.prompt }] }];
    for (const [index, step] of scenario.steps.entries()) {
      recordChatSpan(tracer, { scenario, history, step, events: options.events === true, omitOutput: options.omitOutputAt === index });
      history.push({ role: 'assistant', parts: toParts(step) });
      const results = [];
      for (const call of step.calls ?? []) results.push(await recordToolSpan(tracer, scenario, call, options.exceptionsOnly === true));
      if (results.length > 0) history.push({ role: 'tool', parts: results });
    }
    agent.end();
  });
  return capture.toDocument();
}

function recordChatSpan(tracer: Tracer, options: { scenario: TraceScenario; history: unknown[]; step: FixtureStep; events: boolean; omitOutput: boolean }): void {
  const { scenario, history, step } = options;
  const span = tracer.startSpan('chat gpt-4o-mini', {
    attributes: {
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'gpt-4o-mini',
      'gen_ai.response.model': 'gpt-4o-mini-2024-07-18',
      'gen_ai.tool.definitions': JSON.stringify(
        scenario.tools.filter((tool) => tool.offered !== false).map((tool) => ({ type: 'function', name: tool.name, description: tool.description, parameters: tool.parameters, ...(tool.annotations ? { annotations: tool.annotations } : {}) })),
      ),
    },
  });
  if (options.events) {
    if (scenario.system) span.addEvent('gen_ai.system.message', { content: scenario.system });
    span.addEvent('gen_ai.user.message', { content: scenario.prompt });
    const calls = (step.calls ?? []).map((call) => ({ id: call.id, type: 'function', function: { name: call.name, arguments: call.text ?? JSON.stringify(call.args) } }));
    if (!options.omitOutput) span.addEvent('gen_ai.choice', { index: 0, finish_reason: calls.length > 0 ? 'tool_calls' : 'stop', content: step.text ?? '', tool_calls: JSON.stringify(calls) });
  } else {
    if (scenario.system) span.setAttribute('gen_ai.system_instructions', JSON.stringify([{ type: 'text', content: scenario.system }]));
    span.setAttribute('gen_ai.input.messages', JSON.stringify(history));
    if (!options.omitOutput) span.setAttribute('gen_ai.output.messages', JSON.stringify([{ role: 'assistant', parts: toParts(step), finish_reason: step.calls ? 'tool_call' : 'stop' }]));
  }
  span.end();
}

async function recordToolSpan(tracer: Tracer, scenario: TraceScenario, call: NonNullable<FixtureStep['calls']>[number], exceptionsOnly: boolean): Promise<unknown> {
  const tool = scenario.tools.find((candidate) => candidate.name === call.name);
  return tracer.startActiveSpan(`execute_tool ${call.name}`, { attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': call.name, 'gen_ai.tool.call.id': call.id, 'gen_ai.tool.type': 'function', 'gen_ai.tool.call.arguments': call.text ?? JSON.stringify(call.args) } }, async (span) => {
    try {
      const result = await tool?.execute(call.args);
      const text = typeof result === 'string' ? result : JSON.stringify(result);
      span.setAttribute('gen_ai.tool.call.result', text);
      return { type: 'tool_call_response', id: call.id, response: text };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (exceptionsOnly) {
        span.recordException(error instanceof Error ? error : message);
      } else {
        span.setAttribute('error.type', 'Error');
        span.setStatus({ code: SpanStatusCode.ERROR, message });
      }
      return { type: 'tool_call_response', id: call.id, response: message };
    } finally {
      span.end();
    }
  });
}

function toParts(step: FixtureStep): unknown[] {
  return [...(step.text ? [{ type: 'text', content: step.text }] : []), ...(step.calls ?? []).map((call) => ({ type: 'tool_call', id: call.id, name: call.name, arguments: call.text ?? call.args }))];
}

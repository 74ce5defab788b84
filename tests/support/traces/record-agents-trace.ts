import OpenAI from 'openai';
import { Agent, Runner, setTraceProcessors, setTracingDisabled, tool, user, withTrace, type Span, type Trace, type TracingProcessor } from '@openai/agents-core';
import { OpenAIProvider } from '@openai/agents-openai';
import type { FixtureStep, FollowUp, TraceScenario } from './trace-scenario';

/**
 * An OpenAI Agents JS run of `scenario` (an `Agent` with the scenario's tools, run by the SDK's
 * `Runner` through its OpenAI provider), its model a loopback fetch answering the Responses API
 * with the scenario's steps. A trace processor (`setTraceProcessors`) captures what the SDK
 * traced: `{data: [trace, ...spans]}` as its exporter posts it (`toJSON()`), or, with
 * `sensitive: true`, each span with its private `_input` and `_response` kept, as a processor that
 * exports span data whole writes them. With `followUps`, the runs of one conversation share one
 * trace (`withTrace`): each follow-up run is sent the history so far and its new user message.
 */
export async function recordAgentsTrace(scenario: TraceScenario, options: { sensitive?: boolean; followUps?: readonly FollowUp[] } = {}): Promise<{ data: unknown[] }> {
  const items: unknown[] = [];
  const processor: TracingProcessor = {
    async onTraceStart() {},
    async onTraceEnd(trace: Trace) {
      items.unshift(trace.toJSON());
    },
    async onSpanStart() {},
    async onSpanEnd(span: Span<never>) {
      const json = span.toJSON() as { span_data?: Record<string, unknown> } | null;
      if (!json) return;
      const data = span.spanData as Record<string, unknown>;
      items.push(options.sensitive && data.type === 'response' ? { ...json, span_data: { ...json.span_data, _input: data._input, _response: data._response } } : json);
    },
    async shutdown() {},
    async forceFlush() {},
  };
  setTraceProcessors([processor]);
  setTracingDisabled(false);
  const client = new OpenAI({ apiKey: 'loopback', baseURL: 'http://loopback.invalid/v1', fetch: createLoopbackFetch([...scenario.steps, ...(options.followUps ?? []).flatMap((followUp) => followUp.steps)]) });
  const runner = new Runner({ modelProvider: new OpenAIProvider({ openAIClient: client }), tracingDisabled: false, traceIncludeSensitiveData: true });
  const agent = new Agent({
    name: 'travel',
    instructions: scenario.system ?? '',
    model: 'gpt-4o-mini',
    tools: scenario.tools.map((fixture) =>
      tool({ name: fixture.name, description: fixture.description, parameters: fixture.parameters as never, strict: false, execute: async (args: unknown) => fixture.execute(args as Record<string, unknown>) as never }),
    ),
  });
  if (!options.followUps) {
    await runner.run(agent, scenario.prompt, { maxTurns: scenario.steps.length + 1 });
    return { data: items };
  }
  const followUps = options.followUps;
  await withTrace('travel chat', async () => {
    let history = (await runner.run(agent, scenario.prompt, { maxTurns: scenario.steps.length + 1 })).history;
    for (const followUp of followUps) history = (await runner.run(agent, [...history, user(followUp.prompt)], { maxTurns: followUp.steps.length + 1 })).history;
  });
  return { data: items };
}

/** Answers `POST /v1/responses` with the next step as a Responses API body, echoing the instructions as OpenAI does. */
function createLoopbackFetch(steps: readonly FixtureStep[]): typeof fetch {
  let index = 0;
  return async (_input, init) => {
    const request = JSON.parse(String(init?.body ?? '{}')) as { instructions?: string; model?: string };
    const step = steps[index] ?? { text: '' };
    index += 1;
    const output = [
      ...(step.text ? [{ type: 'message', id: `msg_${index}`, role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: step.text, annotations: [] }] }] : []),
      ...(step.calls ?? []).map((call) => ({ type: 'function_call', id: `fc_${call.id}`, call_id: call.id, name: call.name, arguments: JSON.stringify(call.args), status: 'completed' })),
    ];
    const usage = { input_tokens: 12, output_tokens: 6, total_tokens: 18, input_tokens_details: { cached_tokens: 0 }, output_tokens_details: { reasoning_tokens: 0 } };
    const body = { id: `resp_${index}`, object: 'response', created_at: 0, status: 'completed', model: request.model ?? 'gpt-4o-mini', instructions: request.instructions ?? null, output, usage };
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  };
}

import type { RuntimeEvent, RuntimeEventInput, Usage } from '../events/runtime-event';
import type { JsonValue } from '../vocabulary/json';
import type { ToolOutputStatus } from '../vocabulary/statuses';

/** One call of a fixture step, with what the runtime made of it. */
export type FixtureCall = {
  name: string;
  /** Serialised with `JSON.stringify` unless it is already text (malformed arguments, say). */
  arguments: { [key: string]: JsonValue } | string;
  output?: string;
  status?: ToolOutputStatus;
  durationMs?: number;
  decision?: 'allow' | 'ask' | 'deny';
  mode?: 'parallel' | 'sequential';
};

/** One model response of a fixture turn: its text, its calls, its usage and timing. */
export type FixtureStep = { text?: string; calls?: FixtureCall[]; usage?: Usage; durationMs?: number };

export type FixtureTurn = {
  steps: FixtureStep[];
  message?: string;
  /** Stands in for the generated ids: a different prefix gives different turn, call and response ids. */
  idPrefix?: string;
  /** Emit each batch's `tool-output` events last-first, as a parallel batch may complete. */
  reverseCompletion?: boolean;
  reason?: 'completed' | 'max-iterations';
};

const DEFAULT_USAGE: Usage = { inputTokens: 100, outputTokens: 20, totalTokens: 120 };

/**
 * The events of one turn as the runtime emits them: `turn-start`, `tools-assembled`, then per
 * step `model-request`, `model-response`, each call's `tool-input-available`, the dispatch plan
 * (consecutive parallel calls together), and per batch permissions, starts and outputs; last
 * `turn-end` with the last step's text.
 */
export function buildTurnEvents(turn: FixtureTurn): RuntimeEvent[] {
  const prefix = turn.idPrefix ?? 'a';
  const inputs: RuntimeEventInput[] = [
    { type: 'turn-start', mode: 'chat', model: 'embedded:scripted', permissionMode: 'auto', maxIterations: 8, userMessage: turn.message ?? 'What is the weather?' },
    { type: 'tools-assembled', tools: [] },
  ];
  turn.steps.forEach((step, index) => {
    const iteration = index + 1;
    const calls = (step.calls ?? []).map((call, position) => ({ ...call, callId: `${prefix}_call_${iteration}_${position}` }));
    inputs.push({ type: 'model-request', iteration, offeredTools: ['get_weather', 'get_time', 'write_note'], deferredCount: 0, inputItemCount: 1 + index * 3 });
    inputs.push({
      type: 'model-response',
      iteration,
      responseId: `${prefix}_resp_${iteration}`,
      ...(step.text === undefined ? {} : { text: step.text }),
      calls: calls.map((call) => ({ callId: call.callId, name: call.name, arguments: typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments) })),
      usage: step.usage ?? DEFAULT_USAGE,
      timing: { durationMs: step.durationMs ?? 300 },
    });
    for (const call of calls) {
      inputs.push({ type: 'tool-input-available', iteration, callId: call.callId, name: call.name, input: typeof call.arguments === 'string' ? {} : call.arguments });
    }
    const batches = planBatches(calls);
    if (batches.length > 0) inputs.push({ type: 'dispatch-plan', iteration, batches: batches.map((batch) => ({ mode: batch.mode, callIds: batch.calls.map((call) => call.callId) })) });
    batches.forEach((batch, batchIndex) => {
      for (const call of batch.calls) inputs.push({ type: 'tool-permission', iteration, callId: call.callId, name: call.name, decision: call.decision ?? 'allow', risk: 'read', reason: 'Read-only tool.' });
      for (const call of batch.calls) inputs.push({ type: 'tool-call-start', iteration, callId: call.callId, name: call.name, batch: batchIndex });
      const finishing = turn.reverseCompletion ? [...batch.calls].reverse() : batch.calls;
      for (const call of finishing) {
        inputs.push({
          type: 'tool-output',
          iteration,
          callId: call.callId,
          name: call.name,
          status: call.status ?? 'success',
          output: call.output ?? `${call.name} done`,
          summary: `${call.name} succeeded`,
          audit: `${call.callId} ${call.name} → success in ${call.durationMs ?? 40} ms`,
          durationMs: call.durationMs ?? 40,
        });
      }
    });
  });
  const last = turn.steps.at(-1);
  inputs.push(
    turn.reason === 'max-iterations'
      ? { type: 'turn-end', reason: 'max-iterations', iterations: turn.steps.length }
      : { type: 'turn-end', reason: 'completed', iterations: turn.steps.length, ...(last?.text === undefined ? {} : { finalText: last.text }) },
  );
  return inputs.map((input, seq) => ({ ...input, turnId: `${prefix}_turn`, seq, at: seq * 7 }) as RuntimeEvent);
}

type Batch<T> = { mode: 'parallel' | 'sequential'; calls: T[] };

function planBatches<T extends { mode?: 'parallel' | 'sequential' }>(calls: readonly T[]): Batch<T>[] {
  const batches: Batch<T>[] = [];
  for (const call of calls) {
    const mode = call.mode ?? 'parallel';
    const last = batches.at(-1);
    if (mode === 'parallel' && last?.mode === 'parallel') last.calls.push(call);
    else batches.push({ mode, calls: [call] });
  }
  return batches;
}

/** A two-step weather turn: two parallel lookups, then an answer. */
export function weatherTurn(overrides: { city?: string; idPrefix?: string; reverseCompletion?: boolean; answer?: string } = {}): FixtureTurn {
  const city = overrides.city ?? 'Paris';
  return {
    ...(overrides.idPrefix ? { idPrefix: overrides.idPrefix } : {}),
    ...(overrides.reverseCompletion ? { reverseCompletion: true } : {}),
    steps: [
      { calls: [{ name: 'get_time', arguments: { zone: 'Europe/Paris' }, output: '{"time":"12:00"}' }] },
      {
        calls: [
          { name: 'get_weather', arguments: { city, unit: 'celsius' }, output: JSON.stringify({ city, temperature: 21, sky: 'clear' }) },
          { name: 'write_note', arguments: { path: 'notes.md', text: `weather in ${city}` }, output: 'Wrote notes.md.', mode: 'sequential' },
        ],
      },
      { text: overrides.answer ?? `It is 21 °C and clear in ${city}.` },
    ],
  };
}

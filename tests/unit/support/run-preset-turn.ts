import { scriptStepSchema, type FinishedTurn, type RequestModelConfig } from '@/lib/contract';
import type { Preset } from '@/lib/presets';
import type { ApprovalDecision, RuntimeEvent } from '@/lib/runtime';
import { toEventStream } from '@/lib/server/turns/create-turn-event-feed';
import { streamTurn } from '@/lib/server/turns/stream-turn';
import { getTurnRegistry } from '@/lib/server/turns/registry/turn-registry';
import { readEventStream } from './read-event-stream';

/** The model config a preset runs with: its scripted steps parsed, or its auto settings. */
export function presetModel(preset: Preset): RequestModelConfig {
  return preset.model.provider === 'scripted' ? { provider: 'scripted', script: scriptStepSchema.array().parse(JSON.parse(preset.script ?? 'null')) } : preset.model;
}

/**
 * Runs a preset exactly as the run panel sends it, through the server's turn stream, answering
 * approval requests with `decide` (on another model when `model` is given). Returns every event, parsed with the wire schema.
 */
export async function runPresetTurn(
  preset: Preset,
  options: { clientId: string; decide: (toolName: string) => ApprovalDecision; onFinished?: (turn: FinishedTurn) => void; model?: RequestModelConfig },
): Promise<RuntimeEvent[]> {
  const started = await streamTurn({
    request: {
      source: preset.source,
      messages: [{ role: 'user', content: preset.message }],
      model: options.model ?? presetModel(preset),
      permissions: { mode: preset.permissionMode },
      mode: preset.mode,
      resultSchema: preset.resultSchema === undefined ? undefined : (JSON.parse(preset.resultSchema) as Record<string, unknown>),
      maxIterations: preset.maxIterations,
      files: preset.files,
    },
    clientId: options.clientId,
    env: {},
    onFinished: options.onFinished,
  });
  if (!started.ok) throw new Error(`${preset.id} did not start: ${started.error}`);
  return readEventStream(toEventStream(started.events), (event) => {
    if (event.type === 'tool-approval-request') getTurnRegistry().deliverApproval(started.turnId, started.controlToken, event.callId, options.decide(event.name));
  });
}

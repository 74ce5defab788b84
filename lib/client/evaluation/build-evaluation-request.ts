import type { EvaluationRequestBody, SessionAssertion } from '@/lib/contract';
import { type Result, err, ok } from '@/lib/runtime';
import { buildModelConfig, buildTurnRequest } from '../build-turn-request';
import { selectModelConfigs } from '../model-configs-slice';
import type { PlaygroundState } from '../playground-state';

/** What the run panel's Evaluate section adds to the playground's turn. */
export type EvaluationDraft = {
  runs: number;
  /** Variant A's module, when one is pinned; the editor's text is B. */
  variantA: { source: string } | null;
  /** Play the message after the conversation so far (the default once there is one), else as a first turn. */
  withConversation: boolean;
  assertions: SessionAssertion[];
};

/** `POST /api/evaluations`'s body: the playground's next turn, run `runs` times with A (when pinned) and B, on each of the run panel's model configurations. */
export function buildEvaluationRequest(state: PlaygroundState, draft: EvaluationDraft): Result<EvaluationRequestBody, string> {
  const request = buildTurnRequest(state);
  if (!request.ok) return request;
  const models = [];
  for (const settings of selectModelConfigs(state)) {
    const model = buildModelConfig(settings, state.documents.script, state.apiKeys);
    if (!model.ok) return model;
    models.push(model.value);
  }
  if (state.documents.tools.trim() === '') return err('The editor has no tool module to evaluate.');
  const { source: _source, model: _model, seed: _seed, conversation, loadedTools, ...turn } = request.value;
  return ok({
    turn: draft.withConversation ? { ...turn, ...(conversation ? { conversation } : {}), ...(loadedTools ? { loadedTools } : {}) } : turn,
    runs: draft.runs,
    models,
    variants: draft.variantA ? [{ label: 'A', source: draft.variantA.source }, { label: 'B', source: state.documents.tools }] : [{ label: 'B', source: state.documents.tools }],
    assertions: draft.assertions,
    seed: state.model.seed,
  });
}

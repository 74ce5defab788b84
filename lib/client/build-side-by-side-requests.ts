import { err, ok, type Result } from '@/lib/runtime';
import { buildTurnRequest, type TurnRequest } from './build-turn-request';
import { selectModelConfigs } from './model-configs-slice';
import type { ModelSettings, PlaygroundState } from './playground-state';

/** One column's configuration and the turn request it sends. */
export type ColumnRequest = { settings: ModelSettings; request: TurnRequest };

/**
 * Every configuration's request from the same state (message, tools, conversation), each with its
 * own row's model, base URL and the key typed for that provider and base URL; or which
 * configuration cannot run and why.
 */
export function buildSideBySideRequests(state: PlaygroundState): Result<ColumnRequest[], string> {
  const columns: ColumnRequest[] = [];
  for (const [index, settings] of selectModelConfigs(state).entries()) {
    const request = buildTurnRequest({ ...state, model: settings });
    if (!request.ok) return err(`Model ${index + 1}: ${request.error}`);
    columns.push({ settings, request: request.value });
  }
  return ok(columns);
}

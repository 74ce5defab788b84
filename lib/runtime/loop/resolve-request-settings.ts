import type { ModelRequest } from '../model/model-client';
import type { ModelSettings, RequestToolChoice } from '../model/model-settings';
import { err, ok, type Result } from '../vocabulary/result';
import type { TurnToolSet } from '../tools/assemble-tools';

/** The part of a model request the turn's settings decide. */
export type RequestSettings = Pick<ModelRequest, 'parallelToolCalls' | 'toolChoice' | 'temperature' | 'maxOutputTokens'>;

const MAX_NAMES_LISTED = 8;

/**
 * What each request of the turn sends for the settings, or why the turn cannot start: a
 * `tool_choice` naming a tool the turn does not offer directly (a provider would answer 400).
 *
 * `required` and a named tool apply to the turn's first request only; later requests send
 * `auto`, so the model can answer once it has called a tool instead of calling until the
 * iteration limit (the OpenAI Agents SDK's `resetToolChoice`). `none` holds for every request.
 */
export function resolveRequestSettings(
  settings: ModelSettings | undefined,
  toolSet: TurnToolSet,
  loaded: ReadonlySet<string>,
): Result<(iteration: number) => RequestSettings, string> {
  const choice = settings?.tool_choice;
  let first: RequestToolChoice | undefined = typeof choice === 'string' ? choice : undefined;
  if (typeof choice === 'object') {
    const entry = toolSet.byName.get(choice.name);
    if (!entry) return err(`tool_choice names "${choice.name}", which is not a tool of this turn; tools: ${listNames(toolSet)}.`);
    if (entry.deferred && !loaded.has(entry.qualifiedName)) {
      return err(`tool_choice names "${choice.name}", which is deferred behind Tool Search; name a tool that is offered directly, or let the model search.`);
    }
    first = { name: entry.tool.name, ...(entry.tool.namespace ? { namespace: entry.tool.namespace } : {}) };
  }
  const later: RequestToolChoice | undefined = first === 'required' || typeof first === 'object' ? 'auto' : first;
  const common = {
    parallelToolCalls: settings?.parallel_tool_calls ?? true,
    ...(settings?.temperature !== undefined ? { temperature: settings.temperature } : {}),
    ...(settings?.max_output_tokens !== undefined ? { maxOutputTokens: settings.max_output_tokens } : {}),
  };
  return ok((iteration) => {
    const toolChoice = iteration === 1 ? first : later;
    return { ...common, ...(toolChoice !== undefined ? { toolChoice } : {}) };
  });
}

function listNames(toolSet: TurnToolSet): string {
  const names = toolSet.tools.map((entry) => entry.qualifiedName);
  const shown = names.slice(0, MAX_NAMES_LISTED).join(', ');
  return names.length > MAX_NAMES_LISTED ? `${shown} and ${names.length - MAX_NAMES_LISTED} more` : shown || 'none';
}

/** A request's tool choice in words, for its `model-request` event. */
export function describeRequestToolChoice(choice: RequestToolChoice): string {
  if (typeof choice === 'string') return choice;
  return choice.namespace ? `${choice.namespace}.${choice.name}` : choice.name;
}

import { type ConversationItem, isPlainObject, type JsonValue, type OfferedFunction, searchTools } from '@/lib/runtime';
import type { AnthropicRequestReading } from '../../anthropic/convert-anthropic-to-items';
import type { EmbeddedModel, EmbeddedOutput } from '../embedded-model';
import { createDeterministicId } from '../seeded-random';

/** What one Messages response holds: the model's outputs, and the tool searches the server ran for it. */
export type AnthropicAnswerPart =
  | Exclude<EmbeddedOutput, { type: 'tool_search_call' }>
  | { type: 'search'; id: string; query: string; matches: string[] };

/** How many searches one response may run before the model must answer with what it found. */
const MAX_SEARCHES_PER_RESPONSE = 2;

/**
 * The model's answer as Anthropic gives it when its tool search tool is offered: a search the
 * model asks for runs on the server, in the same response (BM25-like ranking over the deferred
 * tools), and the model goes on with the tools it found, until it calls or answers.
 */
export async function runAnthropicSearches(model: EmbeddedModel, request: AnthropicRequestReading, idParts: readonly (string | number)[]): Promise<AnthropicAnswerPart[]> {
  const parts: AnthropicAnswerPart[] = [];
  let input: ConversationItem[] = request.input;
  for (let round = 0; ; round += 1) {
    const outputs = await model.respond({ ...request, input });
    const search = outputs.find((output) => output.type === 'tool_search_call');
    for (const output of outputs) if (output.type !== 'tool_search_call') parts.push(output);
    if (!search || round >= MAX_SEARCHES_PER_RESPONSE) return parts;
    const id = createDeterministicId('srvtoolu', [...idParts, round]);
    const query = readQuery(search.arguments);
    const deferred = request.tools.filter((tool): tool is OfferedFunction => tool.type === 'function' && tool.defer_loading === true);
    const matches = searchTools(query, deferred.map((fn) => ({ qualifiedName: fn.name, name: fn.name, description: fn.description })));
    parts.push({ type: 'search', id, query, matches });
    input = [
      ...input,
      { type: 'tool_search_call', call_id: id, arguments: search.arguments, execution: 'client' },
      { type: 'tool_search_output', call_id: id, execution: 'client', tools: deferred.filter((fn) => matches.includes(fn.name)) },
    ];
  }
}

function readQuery(value: JsonValue): string {
  if (isPlainObject(value) && typeof value.query === 'string') return value.query;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

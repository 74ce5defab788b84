import type { JsonSchema, ConversationItem, OfferedFunction, OfferedTool } from '@/lib/runtime';
import type { ArgumentHints } from './arguments/generate-arguments';
import { readMessageValues, type MessageValues } from './read-message-values';
import { countModelTurns } from './embedded-model';

/** A function the auto model may call, flattened out of its namespace. */
export type KnownFunction = {
  name: string;
  namespace?: string;
  description: string;
  parameters: JsonSchema;
  /** Deferred and not loaded by a tool search yet. */
  deferred: boolean;
};

/** One model run in the current user turn and the tool outputs that answered it. */
export type ConversationRound = {
  kind: 'search' | 'calls' | 'text';
  /** The model's iteration index when it produced this round. */
  iteration: number;
  calls: Extract<ConversationItem, { type: 'function_call' }>[];
  outputs: Map<string, string>;
};

export const TOOL_SEARCH_FUNCTION = 'tool_search';

/** The functions on offer, deferred ones marked unless a `tool_search_output` loaded them. */
export function readKnownFunctions(tools: readonly OfferedTool[], input: readonly ConversationItem[]): KnownFunction[] {
  const loaded = new Map<string, OfferedFunction>();
  for (const item of input) {
    if (item.type !== 'tool_search_output') continue;
    for (const [qualifiedName, fn] of flattenFunctions(item.tools)) loaded.set(qualifiedName, fn);
  }
  const known: KnownFunction[] = [];
  for (const [qualifiedName, fn, namespace] of flattenFunctions(tools)) {
    if (fn.name === TOOL_SEARCH_FUNCTION && !namespace) continue;
    const loadedDefinition = loaded.get(qualifiedName);
    known.push({
      name: fn.name,
      ...(namespace ? { namespace } : {}),
      description: fn.description,
      parameters: loadedDefinition?.parameters ?? fn.parameters,
      deferred: fn.defer_loading === true && !loadedDefinition,
    });
  }
  return known;
}

/** How the request offers tool search, if it does. */
export function readToolSearchOffer(tools: readonly OfferedTool[]): 'hosted-shape' | 'function' | undefined {
  if (tools.some((tool) => tool.type === 'tool_search')) return 'hosted-shape';
  if (tools.some((tool) => tool.type === 'function' && tool.name === TOOL_SEARCH_FUNCTION)) return 'function';
  return undefined;
}

function flattenFunctions(tools: readonly OfferedTool[]): [string, OfferedFunction, string | undefined][] {
  const flat: [string, OfferedFunction, string | undefined][] = [];
  for (const tool of tools) {
    if (tool.type === 'function') flat.push([tool.name, tool, undefined]);
    if (tool.type === 'namespace') {
      for (const fn of tool.tools) flat.push([`${tool.name}.${fn.name}`, fn, tool.name]);
    }
  }
  return flat;
}

/** The last user message and the rounds the model has played since. */
export function readCurrentTurn(input: readonly ConversationItem[]): { message: string; rounds: ConversationRound[] } | undefined {
  const lastUser = input.findLastIndex((item) => item.type === 'message' && item.role === 'user');
  const userItem = input[lastUser];
  if (!userItem || userItem.type !== 'message') return undefined;
  const rounds: ConversationRound[] = [];
  let current: ConversationRound | undefined;
  for (let index = lastUser + 1; index < input.length; index += 1) {
    const item = input[index];
    if (!item) continue;
    if (item.type === 'function_call_output' || item.type === 'tool_search_output') {
      if (current && item.type === 'function_call_output') current.outputs.set(item.call_id, item.output);
      continue;
    }
    if (item.type === 'message' && item.role !== 'assistant') continue;
    const previous = input[index - 1];
    const startsRound = !current || previous?.type === 'function_call_output' || previous?.type === 'tool_search_output';
    if (startsRound) {
      current = { kind: 'text', iteration: countModelTurns(input.slice(0, index)), calls: [], outputs: new Map() };
      rounds.push(current);
    }
    if (!current) continue;
    if (item.type === 'tool_search_call') current.kind = 'search';
    if (item.type === 'function_call') {
      if (item.name === TOOL_SEARCH_FUNCTION && !item.namespace) current.kind = 'search';
      else {
        current.calls.push(item);
        if (current.kind === 'text') current.kind = 'calls';
      }
    }
  }
  return { message: userItem.content, rounds };
}

/** Quoted strings and file-like words of a text, in order. */
export function extractQuotedValues(text: string): string[] {
  const values: string[] = [];
  const pattern = /"([^"\n]{1,200})"|(?<!\w)'([^'\n]{1,200})'(?!\w)|`([^`\n]{1,200})`|((?:[\w.-]*\/)*[\w-]+\.[a-zA-Z0-9]{1,5}\b)/g;
  for (const match of text.matchAll(pattern)) {
    const value = match[1] ?? match[2] ?? match[3] ?? match[4];
    if (value && !values.includes(value)) values.push(value);
  }
  return values;
}

/** Hints for one clause: its own quoted values first, then the rest of the message's. */
export function buildArgumentHints(clause: string, message: string, keywords: string): ArgumentHints {
  const own = extractQuotedValues(clause);
  const rest = extractQuotedValues(message).filter((value) => !own.includes(value));
  return { values: [...own, ...rest], text: keywords, message: mergeMessageValues(readMessageValues(clause), readMessageValues(message)) };
}

/** The clause's own values first, then the rest of the message's (a clause may be "Lagos?"). */
function mergeMessageValues(own: MessageValues, all: MessageValues): MessageValues {
  const merge = <T,>(first: T[], second: T[]) => [...first, ...second.filter((value) => !first.includes(value))];
  const pairKeys = new Set(own.pairs.map((pair) => `${pair.owner}/${pair.name}`));
  return {
    places: merge(own.places, all.places),
    numbers: merge(own.numbers, all.numbers),
    ids: merge(own.ids, all.ids),
    words: merge(own.words, all.words),
    emails: merge(own.emails, all.emails),
    urls: merge(own.urls, all.urls),
    pairs: [...own.pairs, ...all.pairs.filter((pair) => !pairKeys.has(`${pair.owner}/${pair.name}`))],
  };
}

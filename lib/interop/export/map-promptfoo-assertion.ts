import { assertNever, type JsonValue } from '@/lib/runtime';
import type { SessionAssertion } from '@/lib/contract';

/** One entry of a Promptfoo test's `assert` list; `metric` names the playground assertion kind it stands for. */
export type PromptfooAssertion = { type: string; value?: JsonValue; threshold?: number; metric: string };

/**
 * What a `javascript` check starts with: the response's tool calls as `{name, arguments}` (arguments
 * as JSON text) and its text, read from the shapes Promptfoo's providers answer in — OpenAI's
 * `tool_calls` list (alone, or in a message with text), Anthropic's text with one JSON `tool_use`
 * block a line, Gemini's parts with `functionCall` — as its own `tool-call-f1` reads them.
 */
const PRELUDE = [
  'const parse = (text) => { try { return JSON.parse(text); } catch { return undefined; } };',
  "const isBlock = (line) => /^\\s*\\{/.test(line) && typeof parse(line.trim()) === 'object';",
  "const items = (value) => typeof value === 'string' ? (typeof parse(value) === 'object' && parse(value) !== null ? items(parse(value)) : value.split('\\n').filter(isBlock).flatMap((line) => items(parse(line.trim())))) : Array.isArray(value) ? value.flatMap(items) : value && typeof value === 'object' ? (Array.isArray(value.tool_calls) ? value.tool_calls : [value]) : [];",
  "const callOf = (item) => item.function && typeof item.function.name === 'string' ? { name: item.function.name, arguments: typeof item.function.arguments === 'string' ? item.function.arguments : JSON.stringify(item.function.arguments ?? {}) } : item.type === 'tool_use' && typeof item.name === 'string' ? { name: item.name, arguments: JSON.stringify(item.input ?? {}) } : item.functionCall && typeof item.functionCall.name === 'string' ? { name: item.functionCall.name, arguments: JSON.stringify(item.functionCall.args ?? {}) } : undefined;",
  'const calls = items(output).flatMap((item) => callOf(item) ?? []);',
  "const text = typeof output === 'string' ? output.split('\\n').filter((line) => !(isBlock(line) && parse(line.trim()).type === 'tool_use')).join('\\n').trim() : Array.isArray(output) ? output.map((part) => (part && typeof part.text === 'string' ? part.text : '')).join('') : output && typeof output.content === 'string' ? output.content : '';",
].join('\n');

/** A partial match like the playground's: objects by subset of keys, arrays element by element. */
const CONTAINS =
  "const contains = (actual, expected) => expected === null || typeof expected !== 'object' ? actual === expected : Array.isArray(expected) ? Array.isArray(actual) && expected.every((item, index) => contains(actual[index], item)) : actual !== null && typeof actual === 'object' && Object.keys(expected).every((key) => contains(actual[key], expected[key]));";

/** A `javascript` assertion: a function body (Promptfoo runs a value with a line break as one) given `output`, returning whether it holds. */
function javascript(result: string, metric: string, helpers = ''): PromptfooAssertion {
  return { type: 'javascript', value: `${PRELUDE}\n${helpers}${helpers ? '\n' : ''}return ${result};`, metric };
}

/**
 * Promptfoo's own assertion for the kind where it has one (`tool-call-f1`, and
 * `is-valid-openai-tools-call` where the provider answers in OpenAI's shape: `openAiShaped`), a
 * JavaScript check of the response's calls or text where the response shows it, else nothing.
 * Tool names go through `toolName`: a namespaced tool is called by its flattened name there.
 */
export function mapPromptfooAssertion(assertion: SessionAssertion, context: { openAiShaped: boolean; toolName: (name: string) => string }): PromptfooAssertion | undefined {
  const { openAiShaped, toolName } = context;
  const metric = assertion.kind;
  const named = (name: string) => `calls.filter((call) => call.name === ${JSON.stringify(toolName(name))})`;
  switch (assertion.kind) {
    case 'tool-set':
      return { type: 'tool-call-f1', value: assertion.names.map(toolName), threshold: assertion.minF1 ?? 1, metric };
    case 'no-rejected-calls':
      return openAiShaped ? { type: 'is-valid-openai-tools-call', metric } : undefined;
    case 'final-text': {
      // The answer's text only: `contains` would also search the calls' names and arguments.
      const checks = [
        ...(assertion.contains === undefined ? [] : [`text.includes(${JSON.stringify(assertion.contains)})`]),
        ...(assertion.matches === undefined ? [] : [`new RegExp(${JSON.stringify(assertion.matches)}, 'u').test(text)`]),
      ];
      return checks.length === 0 ? undefined : javascript(checks.join(' && '), metric);
    }
    case 'tool-called': {
      if (!assertion.called) return javascript(`${named(assertion.name)}.length === 0`, metric);
      const max = assertion.times?.max === undefined ? '' : ` && ${named(assertion.name)}.length <= ${assertion.times.max}`;
      return javascript(`${named(assertion.name)}.length >= ${assertion.times?.min ?? 1}${max}`, metric);
    }
    case 'first-call':
      return javascript(`calls[0]?.name === ${JSON.stringify(toolName(assertion.name))}`, metric);
    case 'call-order':
      return javascript(`calls.reduce((found, call) => (call.name === ${JSON.stringify(assertion.names.map(toolName))}[found] ? found + 1 : found), 0) === ${assertion.names.length}`, metric);
    case 'arguments-match': {
      if (assertion.match.kind !== 'partial') return undefined;
      const check = `(call) => { try { return contains(JSON.parse(call.arguments), ${JSON.stringify(assertion.match.value)}); } catch { return false; } }`;
      return javascript(`${named(assertion.name)}.length > 0 && ${named(assertion.name)}.${assertion.every === false ? 'some' : 'every'}(${check})`, metric, CONTAINS);
    }
    case 'no-denied-calls':
    case 'task-result-valid':
    case 'max-iterations':
    case 'max-tokens':
    case 'valid-call-within':
    case 'no-repaired-calls':
      return undefined;
    default:
      return assertNever(assertion);
  }
}

import { assertNever, type JsonValue } from '@/lib/runtime';
import { describeAssertion, type EvaluationRequest, type RequestModelConfig, type SessionAssertion } from '@/lib/contract';
import { exportChatCompletionsTools } from './export-openai-tools';
import type { InteropTool } from './interop-tool';

/** A variant's tools as its module compiled, or why they could not be had (the module did not compile, it is too large). */
export type PromptfooVariantTools = { kind: 'tools'; tools: readonly InteropTool[] } | { kind: 'unavailable'; reason: string };

export type PromptfooConfigOptions = {
  evaluationId: string;
  title: string | null;
  /** The request's turn, models, variants' labels, assertions and runs (modules are not needed). */
  turn: Pick<EvaluationRequest['turn'], 'messages' | 'instructions'>;
  models: readonly RequestModelConfig[];
  labels: readonly string[];
  /** One per variant, in the order of `labels`: inlined as each provider's `config.tools`. */
  variantTools: readonly PromptfooVariantTools[];
  assertions: readonly SessionAssertion[];
  runs: number;
};

/** Stands in for the embedded models, which run only in the playground, when the evaluation used no other. */
const STAND_IN_PROVIDER: PromptfooProvider = { id: 'openai:chat:gpt-5-mini', label: 'gpt-5-mini', config: {} };

/** The calls of a Promptfoo output, whichever shape the provider gave them (a `tool_calls` list, or an object holding one). */
const CALLS = '(Array.isArray(output) ? output : (output && output.tool_calls) || []).map((call) => call.function || call)';
/** A partial match like the playground's: objects by subset of keys, arrays element by element. */
const CONTAINS =
  "const contains = (actual, expected) => expected === null || typeof expected !== 'object' ? actual === expected : Array.isArray(expected) ? Array.isArray(actual) && expected.every((item, index) => contains(actual[index], item)) : actual !== null && typeof actual === 'object' && Object.keys(expected).every((key) => contains(actual[key], expected[key]));";

type PromptfooAssertion = { type: string; value?: JsonValue; threshold?: number; metric: string };

/**
 * A Promptfoo configuration for an evaluation, complete in one file: the turn's messages as a chat
 * prompt, one provider per real model × variant with that variant's tools inline (`config.tools`, a
 * Chat Completions `tools` array, which `is-valid-openai-tools-call` validates the calls against),
 * `repeat` as the runs, and each assertion mapped to Promptfoo's tool-call assertion types where one
 * exists (`tool-call-f1`, `is-valid-openai-tools-call`, `contains`, `regex`), else a `javascript`
 * check of the calls, else listed as not mapped. When the evaluation ran only on the embedded models,
 * an OpenAI model stands in for them, one per variant. YAML (the JSON after the comments is YAML too).
 */
export function renderPromptfooConfig(options: PromptfooConfigOptions): string {
  const mapped = options.assertions.map((assertion) => ({ assertion, promptfoo: mapAssertion(assertion) }));
  const unmapped = mapped.filter((entry) => entry.promptfoo === undefined).map((entry) => describeAssertion(entry.assertion));
  const embedded = options.models.filter((model) => toProvider(model) === undefined).map((model) => model.provider);
  const real = options.models.flatMap((model) => toProvider(model) ?? []);
  const tools = options.variantTools.map((variant) => (variant.kind === 'tools' ? exportChatCompletionsTools(variant.tools).value : []));
  const providers = (real.length > 0 ? real : [STAND_IN_PROVIDER]).flatMap((provider) =>
    options.labels.map((label, index) => ({ ...provider, label: `${provider.label} · ${label}`, config: { ...provider.config, tools: tools[index] ?? [] } })),
  );
  const messages = [...(options.turn.instructions ? [{ role: 'system', content: options.turn.instructions }] : []), ...options.turn.messages];
  const config = {
    description: `${options.title || 'Evaluation'} (${options.evaluationId}), from the Tool Runtime Playground`,
    prompts: [JSON.stringify(messages)],
    providers,
    tests: [{ description: options.title || 'the evaluated turn', assert: mapped.flatMap((entry) => (entry.promptfoo ? [entry.promptfoo] : [])) }],
    evaluateOptions: { repeat: options.runs },
  };
  const comments = [
    `# Promptfoo configuration for evaluation ${options.evaluationId} of the Tool Runtime Playground.`,
    "# Each provider carries its variant's tools inline (config.tools), as the playground's Export \"Chat Completions tools\" writes them.",
    '# Promptfoo grades the model\'s first response; the playground ran each turn through its runtime\'s loop (repairs, gate, later iterations).',
    ...(embedded.length > 0 ? [`# Not exported: the embedded models (${[...new Set(embedded)].join(', ')}) run only in the playground.`] : []),
    ...(real.length === 0 ? [`# ${STAND_IN_PROVIDER.id} stands in for them: change its id to the model to grade.`] : []),
    ...options.variantTools.flatMap((variant, index) => (variant.kind === 'unavailable' ? [`# Variant ${options.labels[index] ?? index + 1} has no tools here: ${variant.reason}`] : [])),
    ...unmapped.map((sentence) => `# Not mapped (a runtime fact Promptfoo does not see): ${sentence}`),
  ];
  // A line break in a label, a sentence or a diagnostic would end its comment and start YAML.
  return `${comments.map((line) => line.replace(/[\r\n\u2028\u2029]+/g, ' ')).join('\n')}\n${JSON.stringify(config, null, 2)}\n`;
}

type PromptfooProvider = { id: string; label: string; config: Record<string, JsonValue> };

function toProvider(model: RequestModelConfig): PromptfooProvider | undefined {
  switch (model.provider) {
    case 'openai':
      return { id: `openai:chat:${model.model}`, label: model.model, config: model.baseURL ? { apiBaseUrl: model.baseURL } : {} };
    case 'openai-compatible':
      return { id: `openai:chat:${model.model}`, label: model.model, config: { apiBaseUrl: model.baseURL } };
    case 'anthropic':
      return { id: `anthropic:messages:${model.model}`, label: model.model, config: {} };
    case 'gemini':
      return { id: `google:${model.model}`, label: model.model, config: {} };
    case 'auto':
    case 'scripted':
      return undefined;
    default:
      return assertNever(model);
  }
}

function javascript(body: string, metric: string): PromptfooAssertion {
  return { type: 'javascript', value: body, metric };
}

/** Promptfoo's own assertion for the kind where it has one, a JavaScript check of the calls where the output shows it, else nothing. */
function mapAssertion(assertion: SessionAssertion): PromptfooAssertion | undefined {
  const metric = assertion.kind;
  const named = (name: string) => `${CALLS}.filter((call) => call.name === ${JSON.stringify(name)})`;
  switch (assertion.kind) {
    case 'tool-set':
      return { type: 'tool-call-f1', value: [...assertion.names], threshold: assertion.minF1 ?? 1, metric };
    case 'no-rejected-calls':
      return { type: 'is-valid-openai-tools-call', metric };
    case 'final-text':
      if (assertion.matches !== undefined) return { type: 'regex', value: assertion.matches, metric };
      return assertion.contains === undefined ? undefined : { type: 'contains', value: assertion.contains, metric };
    case 'tool-called': {
      if (!assertion.called) return javascript(`${named(assertion.name)}.length === 0`, metric);
      const max = assertion.times?.max === undefined ? '' : ` && ${named(assertion.name)}.length <= ${assertion.times.max}`;
      return javascript(`${named(assertion.name)}.length >= ${assertion.times?.min ?? 1}${max}`, metric);
    }
    case 'first-call':
      return javascript(`(${CALLS})[0]?.name === ${JSON.stringify(assertion.name)}`, metric);
    case 'call-order':
      return javascript(`${CALLS}.reduce((found, call) => (call.name === ${JSON.stringify(assertion.names)}[found] ? found + 1 : found), 0) === ${assertion.names.length}`, metric);
    case 'arguments-match': {
      if (assertion.match.kind !== 'partial') return undefined;
      const check = `(call) => { try { return contains(JSON.parse(call.arguments), ${JSON.stringify(assertion.match.value)}); } catch (error) { return false; } }`;
      const calls = named(assertion.name);
      return javascript(`${CONTAINS}\nconst calls = ${calls};\nreturn calls.length > 0 && calls.${assertion.every === false ? 'some' : 'every'}(${check});`, metric);
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

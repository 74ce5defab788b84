import { assertNever, type JsonValue } from '@/lib/runtime';
import { describeAssertion, type EvaluationRequest, type RequestModelConfig, type SessionAssertion } from '@/lib/contract';

export type PromptfooConfigOptions = {
  evaluationId: string;
  title: string | null;
  /** The request's turn, models, variants' labels, assertions and runs (modules are not needed). */
  turn: Pick<EvaluationRequest['turn'], 'messages' | 'instructions'>;
  models: readonly RequestModelConfig[];
  labels: readonly string[];
  assertions: readonly SessionAssertion[];
  runs: number;
};

/** The calls of a Promptfoo output, whichever shape the provider gave them (a `tool_calls` list, or an object holding one). */
const CALLS = '(Array.isArray(output) ? output : (output && output.tool_calls) || []).map((call) => call.function || call)';
/** A partial match like the playground's: objects by subset of keys, arrays element by element. */
const CONTAINS =
  "const contains = (actual, expected) => expected === null || typeof expected !== 'object' ? actual === expected : Array.isArray(expected) ? Array.isArray(actual) && expected.every((item, index) => contains(actual[index], item)) : actual !== null && typeof actual === 'object' && Object.keys(expected).every((key) => contains(actual[key], expected[key]));";

type PromptfooAssertion = { type: string; value?: JsonValue; threshold?: number; metric: string };

/**
 * A Promptfoo configuration for an evaluation: the turn's messages as a chat prompt, one provider
 * per real model × variant (each variant's tools in `tools-<label>.json`), `repeat` as the runs, and
 * each assertion mapped to Promptfoo's tool-call assertion types where one exists (`tool-call-f1`,
 * `is-valid-openai-tools-call`, `contains`, `regex`), else a `javascript` check of the calls, else
 * listed as not mapped. YAML (the JSON after the comments is YAML too).
 */
export function renderPromptfooConfig(options: PromptfooConfigOptions): string {
  const mapped = options.assertions.map((assertion) => ({ assertion, promptfoo: mapAssertion(assertion) }));
  const unmapped = mapped.filter((entry) => entry.promptfoo === undefined).map((entry) => describeAssertion(entry.assertion));
  const embedded = options.models.filter((model) => toProvider(model) === undefined).map((model) => model.provider);
  const providers = options.models.flatMap((model) => {
    const provider = toProvider(model);
    return provider ? options.labels.map((label) => ({ ...provider, label: `${provider.label} · ${label}`, config: { ...provider.config, tools: `file://${toolsFileName(label)}` } })) : [];
  });
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
    `# Each variant's tools go in ${options.labels.map((label) => toolsFileName(label)).join(', ')}: the playground's Export, "OpenAI Chat Completions tools".`,
    '# Promptfoo grades the model\'s first response; the playground ran each turn through its runtime\'s loop (repairs, gate, later iterations).',
    ...(embedded.length > 0 ? [`# Not exported: the embedded models (${[...new Set(embedded)].join(', ')}) run only in the playground.`] : []),
    ...unmapped.map((sentence) => `# Not mapped (a runtime fact Promptfoo does not see): ${sentence}`),
  ];
  return `${comments.join('\n')}\n${JSON.stringify(config, null, 2)}\n`;
}

function toolsFileName(label: string): string {
  return `tools-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'variant'}.json`;
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

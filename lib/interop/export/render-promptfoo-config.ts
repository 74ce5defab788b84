import { assertNever, type JsonValue } from '@/lib/runtime';
import { describeAssertion, type EvaluationRequest, type RequestModelConfig, type SessionAssertion } from '@/lib/contract';
import { exportChatCompletionsTools } from './export-openai-tools';
import { flattenToolName } from './resolve-openai-schema';
import type { InteropTool } from './interop-tool';
import { mapPromptfooAssertion, type PromptfooAssertion } from './map-promptfoo-assertion';

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

/**
 * A Promptfoo configuration for an evaluation, complete in one file: the turn's messages as a chat
 * prompt, one provider per real model × variant with that variant's tools inline (`config.tools`, a
 * Chat Completions `tools` array without `$schema`, which `is-valid-openai-tools-call` validates the
 * calls against and Promptfoo turns into Anthropic's and Gemini's shapes), `repeat` as the runs, and
 * each assertion mapped to Promptfoo's tool-call assertion types where one exists (`tool-call-f1`,
 * `is-valid-openai-tools-call` for the OpenAI providers), else a `javascript` check of the
 * response's calls or text, else listed as not mapped. When the evaluation ran only on the embedded
 * models, an OpenAI model stands in for them, one per variant. YAML (the JSON after the comments is
 * YAML too); `promptfoo validate config` accepts it.
 */
export function renderPromptfooConfig(options: PromptfooConfigOptions): string {
  const embedded = options.models.filter((model) => toProvider(model) === undefined).map((model) => model.provider);
  const real = options.models.flatMap((model) => toProvider(model) ?? []);
  const exported = options.variantTools.map((variant, index) => exportVariantTools(variant, options.labels[index] ?? `${index + 1}`));
  const providers = (real.length > 0 ? real : [STAND_IN_PROVIDER]).flatMap((provider) =>
    options.labels.map((label, index) => ({ ...provider, label: `${provider.label} · ${label}`, config: { ...provider.config, tools: exported[index]?.tools ?? [] } })),
  );
  const messages = [...(options.turn.instructions ? [{ role: 'system', content: options.turn.instructions }] : []), ...options.turn.messages];
  // Promptfoo's providers see namespaced tools under their flattened names (`crm__find`), as the exported tools say.
  const flattened = new Map(options.variantTools.flatMap((variant) => (variant.kind === 'tools' ? variant.tools.map((tool) => [tool.qualifiedName, flattenToolName(tool)] as const) : [])));
  const { tests, comments: assertionComments } = buildTests(options, providers, (name) => flattened.get(name) ?? name);
  const config = {
    description: `${options.title || 'Evaluation'} (${options.evaluationId}), from the Tool Runtime Playground`,
    prompts: [JSON.stringify(messages)],
    providers,
    tests,
    evaluateOptions: { repeat: options.runs },
  };
  const comments = [
    `# Promptfoo configuration for evaluation ${options.evaluationId} of the Tool Runtime Playground.`,
    "# Each provider carries its variant's tools inline (config.tools), as the playground's Export \"Chat Completions tools\" writes them.",
    '# Promptfoo grades the model\'s first response; the playground ran each turn through its runtime\'s loop (repairs, gate, later iterations).',
    ...(embedded.length > 0 ? [`# Not exported: the embedded models (${[...new Set(embedded)].join(', ')}) run only in the playground.`] : []),
    ...(real.length === 0 ? [`# ${STAND_IN_PROVIDER.id} stands in for them: change its id to the model to grade.`] : []),
    `# Keys are not in this file: Promptfoo reads ${[...new Set(providers.map((provider) => KEY_VARIABLES[provider.id.slice(0, provider.id.indexOf(':'))] ?? 'OPENAI_API_KEY'))].join(', ')} from the environment.`,
    ...exported.flatMap((variant) => variant.notes.map((note) => `# ${note}`)),
    ...assertionComments,
  ];
  // A line break in a label, a sentence or a diagnostic would end its comment and start YAML.
  return `${comments.map((line) => line.replace(/[\r\n\u2028\u2029]+/g, ' ')).join('\n')}\n${JSON.stringify(config, null, 2)}\n`;
}

type PromptfooTest = { description: string; providers?: string[]; assert: PromptfooAssertion[] };

/**
 * The evaluated turn as one test, or as two when OpenAI and other providers are mixed: Promptfoo's
 * `is-valid-openai-tools-call` reads OpenAI's tool-call shape only, so it checks the OpenAI
 * providers' test (`providers` names which providers run a test, by label).
 */
function buildTests(options: PromptfooConfigOptions, providers: readonly PromptfooProvider[], toolName: (name: string) => string): { tests: PromptfooTest[]; comments: string[] } {
  const map = (assertion: SessionAssertion, openAiShaped: boolean) => mapPromptfooAssertion(assertion, { openAiShaped, toolName });
  const description = options.title || 'the evaluated turn';
  const families = [
    { openAiShaped: true, labels: providers.filter((provider) => provider.id.startsWith('openai:')).map((provider) => provider.label) },
    { openAiShaped: false, labels: providers.filter((provider) => !provider.id.startsWith('openai:')).map((provider) => provider.label) },
  ].filter((family) => family.labels.length > 0);
  const tests = families.map((family) => ({
    description: families.length > 1 ? `${description} (${family.openAiShaped ? 'OpenAI' : 'other'} providers)` : description,
    ...(families.length > 1 ? { providers: family.labels } : {}),
    assert: options.assertions.flatMap((assertion) => map(assertion, family.openAiShaped) ?? []),
  }));
  const unmapped = options.assertions.filter((assertion) => map(assertion, true) === undefined);
  const openAiOnly = options.assertions.filter((assertion) => map(assertion, true) !== undefined && map(assertion, false) === undefined);
  const others = families.some((family) => !family.openAiShaped);
  return {
    tests,
    comments: [
      ...unmapped.map((assertion) => `# Not mapped (a runtime fact Promptfoo does not see): ${describeAssertion(assertion)}`),
      ...(others ? openAiOnly.map((assertion) => `# Checked on the OpenAI providers only (is-valid-openai-tools-call reads OpenAI's tool calls): ${describeAssertion(assertion)}`) : []),
    ],
  };
}

/** A variant's tools as Promptfoo's providers take them, and what to say about them. */
function exportVariantTools(variant: PromptfooVariantTools, label: string): { tools: JsonValue[]; notes: string[] } {
  if (variant.kind === 'unavailable') return { tools: [], notes: [`Variant ${label} has no tools here: ${variant.reason}`] };
  const exported = exportChatCompletionsTools(variant.tools);
  const tools = (exported.value as ChatCompletionsTool[]).map(toPromptfooTool);
  const refused = tools.flatMap((tool) => {
    const keywords = listKeywordsPast07(tool.function.parameters);
    return keywords.length > 0 ? [`${tool.function.name} uses ${keywords.join(', ')}`] : [];
  });
  return {
    tools,
    notes: [
      ...exported.notes.map((note) => `Variant ${label}: ${note}`),
      ...(refused.length > 0
        ? [`Variant ${label}: ${refused.join('; ')}: Promptfoo validates calls with JSON Schema draft-07 in strict mode, which refuses these keywords; run it with PROMPTFOO_DISABLE_AJV_STRICT_MODE=true (they are then not checked).`]
        : []),
    ],
  };
}

type ChatCompletionsTool = { type: 'function'; function: { name: string; description?: string; parameters: JsonValue; strict?: boolean } };

/**
 * Without `$schema`: Promptfoo validates a call's arguments with Ajv's draft-07 default, which
 * refuses a schema naming draft 2020-12 ("no schema with key or ref"); the providers do not need it.
 */
function toPromptfooTool(tool: ChatCompletionsTool): ChatCompletionsTool & JsonValue {
  const parameters = tool.function.parameters;
  if (!parameters || typeof parameters !== 'object' || Array.isArray(parameters) || !('$schema' in parameters)) return tool as ChatCompletionsTool & JsonValue;
  const { $schema: _dialect, ...rest } = parameters;
  return { ...tool, function: { ...tool.function, parameters: rest } } as ChatCompletionsTool & JsonValue;
}

/** Keywords of drafts after 07, which Ajv's draft-07 default in strict mode refuses as unknown. */
const KEYWORDS_PAST_07 = new Set(['prefixItems', 'dependentRequired', 'dependentSchemas', 'unevaluatedProperties', 'unevaluatedItems', 'minContains', 'maxContains', '$dynamicRef', '$dynamicAnchor', '$recursiveRef', '$recursiveAnchor']);
/** Keywords whose value maps names to schemas: their keys are names, not keywords. */
const NAME_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

function listKeywordsPast07(schema: JsonValue): string[] {
  const found = new Set<string>();
  const visit = (value: JsonValue, names: boolean) => {
    if (Array.isArray(value)) return value.forEach((item) => visit(item, false));
    if (!value || typeof value !== 'object') return;
    for (const [key, inner] of Object.entries(value)) {
      if (!names && KEYWORDS_PAST_07.has(key)) found.add(key);
      if (inner !== undefined) visit(inner, !names && NAME_MAPS.has(key));
    }
  };
  visit(schema, false);
  return [...found].sort();
}

type PromptfooProvider = { id: string; label: string; config: Record<string, JsonValue> };

/** The environment variable each Promptfoo provider family takes its key from, by the id's prefix. */
const KEY_VARIABLES: Record<string, string> = { openai: 'OPENAI_API_KEY', anthropic: 'ANTHROPIC_API_KEY', google: 'GOOGLE_API_KEY' };

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

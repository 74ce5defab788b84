import type { JsonSchema, JsonValue } from '@/lib/runtime';
import { ANTHROPIC_NAMESPACE_SEPARATOR, convertToolsToAnthropic, qualifyToolName } from '@/lib/models/anthropic';
import { GEMINI_NAMESPACE_SEPARATOR, qualifyGeminiName } from '@/lib/models/gemini';
import { planAnthropicSchema } from './check-anthropic-compatibility';
import { chooseGeminiSchema } from './choose-gemini-schema';

/** The providers whose wire the schema card can show a tool in, besides OpenAI's. */
export type PreviewProvider = 'anthropic' | 'gemini';

/** A tool as the runtime offers it: its parameters are the schema it sends (strictified when it was). */
export type PreviewTool = { name: string; namespace?: string; description: string; parameters: JsonSchema; strict: boolean; deferLoading?: boolean };

/**
 * What a turn on the provider sends for this tool: its entry in the request's tools (`null` when
 * the provider would reject it in any form, so the turn sends nothing), one sentence saying
 * which form and why, and how its namespace travels.
 */
export type ProviderToolPreview = {
  provider: PreviewProvider;
  wireName: string;
  sent: JsonValue | null;
  sentence: string;
  namespaceNote: string;
  /** How a deferred tool reaches the model on this provider; absent for a tool that is not deferred. */
  deferralNote?: string;
};

/** Anthropic searches deferred tools itself; Gemini has no tool search, so the runtime's runs. */
const DEFERRAL_NOTES: Record<PreviewProvider, string> = {
  anthropic: 'Deferred: sent with defer_loading: true beside Anthropic\'s tool search tool (BM25); Claude searches and Anthropic loads what it finds, in the same response.',
  gemini:
    'Deferred: Gemini has no tool search, so this function is not declared at first; the runtime offers its own tool_search as a function, and once a search loads this one it is declared (as below) in every later request.',
};

/** The tool in the provider's own request format, exactly as the adapter would convert it. */
export function previewProviderTool(tool: PreviewTool, provider: PreviewProvider): ProviderToolPreview {
  const preview = provider === 'anthropic' ? previewAnthropic(tool) : previewGemini(tool);
  return tool.deferLoading ? { ...preview, deferralNote: DEFERRAL_NOTES[provider] } : preview;
}

function previewAnthropic(tool: PreviewTool): ProviderToolPreview {
  const wireName = qualifyToolName(tool.name, tool.namespace);
  const offered = { type: 'function' as const, name: tool.name, description: tool.description, parameters: tool.parameters, strict: tool.strict, ...(tool.deferLoading ? { defer_loading: true } : {}) };
  const converted = convertToolsToAnthropic([tool.namespace ? { type: 'namespace', name: tool.namespace, description: '', tools: [offered] } : offered], planAnthropicSchema);
  const namespaceNote = describeNamespace(tool, wireName, `Anthropic has no namespaces: a namespaced tool goes by its qualified name, namespace${ANTHROPIC_NAMESPACE_SEPARATOR}name, and its calls map back`);
  const refused = converted.refused[0];
  if (refused) return { provider: 'anthropic', wireName, sent: null, sentence: `A turn on Anthropic sends nothing while this tool is offered: Anthropic would reject it in any form. ${refused.reason}`, namespaceNote };
  const sent = converted.tools[0] as unknown as { [key: string]: JsonValue };
  const rewritten = JSON.stringify(sent.input_schema) !== JSON.stringify(tool.parameters);
  const form = rewritten ? 'the rewrite below as input_schema' : 'this schema unchanged as input_schema';
  const strict = sent.strict === true ? ', with strict: true (strict tool use accepts it)' : tool.strict ? ', without strict: Anthropic\'s strict tool use would reject it' : ', without strict (the tool is not strict)';
  return { provider: 'anthropic', wireName, sent, sentence: `A turn on Anthropic sends ${form}${strict}.`, namespaceNote };
}

function previewGemini(tool: PreviewTool): ProviderToolPreview {
  const wireName = qualifyGeminiName(tool.name, tool.namespace);
  const namespaceNote = describeNamespace(tool, wireName, `Gemini has no namespaces: a namespaced tool goes by its qualified name, namespace${GEMINI_NAMESPACE_SEPARATOR}name, and its calls map back`);
  const plan = chooseGeminiSchema({ name: wireName, parameters: tool.parameters });
  if (plan.field === 'refused') return { provider: 'gemini', wireName, sent: null, sentence: `A turn on Gemini sends nothing while this tool is offered. ${plan.reason}`, namespaceNote };
  const sent: JsonValue = { name: wireName, ...(tool.description ? { description: tool.description } : {}), [plan.field]: plan.schema };
  return { provider: 'gemini', wireName, sent, sentence: plan.reason, namespaceNote };
}

function describeNamespace(tool: PreviewTool, wireName: string, rule: string): string {
  return tool.namespace ? `${rule}: ${tool.namespace}.${tool.name} is sent as ${wireName}.` : `${rule}.`;
}

import type { JsonSchema } from '@/lib/runtime';
import { ANTHROPIC_STRICT_LIMITS, ANTHROPIC_STRICT_URL, checkAnthropic, checkAnthropicStrict, countStrictBudget } from './check-anthropic-compatibility';
import { checkGemini } from './check-gemini-compatibility';
import { checkOpenAINonStrict, checkOpenAIStrict } from './check-openai-compatibility';
import type { CompatibilityVerdict } from './provider-compatibility';

/** What the matrix needs from a tool: the name a provider sees and the schema as authored. */
export type CompatibilityInput = { name: string; jsonSchema: JsonSchema };

/** One row of the matrix: every provider's verdict on one tool, in a fixed order. */
export function checkProviderCompatibility(tool: CompatibilityInput): CompatibilityVerdict[] {
  return [checkOpenAIStrict(tool), checkOpenAINonStrict(tool), checkAnthropic(tool), checkAnthropicStrict(tool), checkGemini(tool)];
}

/** A per-request limit the whole tool set breaks when every tool is sent with Anthropic strict tool use. */
export type RequestLimitIssue = { limit: keyof typeof ANTHROPIC_STRICT_LIMITS; used: number; allowed: number; message: string; source: string };

/** Anthropic counts strict tools, optional parameters and union-typed parameters per request, across all strict tools. */
export function checkAnthropicRequestLimits(tools: readonly CompatibilityInput[]): RequestLimitIssue[] {
  const totals = tools.map((tool) => countStrictBudget(tool.jsonSchema));
  const used = {
    strictTools: tools.length,
    optionalParameters: totals.reduce((sum, item) => sum + item.optionalParameters, 0),
    unionParameters: totals.reduce((sum, item) => sum + item.unionParameters, 0),
  };
  const labels = { strictTools: 'strict tools', optionalParameters: 'optional parameters', unionParameters: 'parameters using anyOf or type arrays' };
  return (Object.keys(ANTHROPIC_STRICT_LIMITS) as (keyof typeof ANTHROPIC_STRICT_LIMITS)[])
    .filter((limit) => used[limit] > ANTHROPIC_STRICT_LIMITS[limit])
    .map((limit) => ({
      limit,
      used: used[limit],
      allowed: ANTHROPIC_STRICT_LIMITS[limit],
      message: `${used[limit]} ${labels[limit]} in one request; Anthropic strict tool use allows at most ${ANTHROPIC_STRICT_LIMITS[limit]}.`,
      source: ANTHROPIC_STRICT_URL,
    }));
}

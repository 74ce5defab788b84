import type { ToolChoice, ToolUnion } from '@anthropic-ai/sdk/resources/messages/messages';
import type { JsonSchema, OfferedFunction, OfferedTool, RequestToolChoice } from '@/lib/runtime';
import { ANTHROPIC_TOOL_SEARCH } from './convert-anthropic-tool-search';
import type { UnsendableTool } from '../refuse-unsendable-tools';
import { qualifyToolName } from './qualify-tool-name';

/** A wire name → the namespace and name it stands for, and the function as offered (what a search result loads). */
export type AnthropicToolNames = Map<string, { name: string; namespace?: string; definition?: OfferedFunction }>;

/** "Max 20 strict tools per request", "24 optional parameters", "16 parameters using anyOf or type arrays" (across all strict tools). */
export const ANTHROPIC_STRICT_BUDGET = { strictTools: 20, optionalParameters: 24, unionParameters: 16 } as const;

/**
 * What Anthropic accepts of one schema: `plain` without strict (the root rewritten when it
 * would be refused), and the strict form with what it spends of a request's budgets, or `null`
 * when strict tool use would refuse it; or `refused` when Anthropic would reject the tool however
 * it went (its name, a root no rewrite makes an object), with the reason. The compatibility
 * matrix decides; the server hands it in.
 */
export type AnthropicSchemaPlan =
  | { kind: 'send'; plain: JsonSchema; strict: { schema: JsonSchema; optionalParameters: number; unionParameters: number } | null }
  | { kind: 'refused'; reason: string };

export type AnthropicSchemaJudge = (tool: { name: string; jsonSchema: JsonSchema }) => AnthropicSchemaPlan;

/** Without a judge nothing is sent strict and schemas go as offered. */
const sendAsOffered: AnthropicSchemaJudge = ({ jsonSchema }) => ({ kind: 'send', plain: jsonSchema, strict: null });

/**
 * Offered tools → Anthropic tools (`input_schema`), namespaced ones under qualified names, deferred
 * ones with `defer_loading`, the hosted tool search as Anthropic's tool search tool.
 * `strict: true` goes only with a function the run made strict, whose schema Anthropic's strict
 * tool use accepts, while the request's strict budgets last; any other goes without it.
 * A tool the judge refuses is not converted but listed in `refused`.
 */
export function convertToolsToAnthropic(
  tools: readonly OfferedTool[],
  judge: AnthropicSchemaJudge = sendAsOffered,
): { tools: ToolUnion[]; names: AnthropicToolNames; refused: UnsendableTool[] } {
  const names: AnthropicToolNames = new Map();
  const converted: ToolUnion[] = [];
  const refused: UnsendableTool[] = [];
  const spent = { strictTools: 0, optionalParameters: 0, unionParameters: 0 };
  const add = (fn: OfferedFunction, namespace?: string) => {
    const name = qualifyToolName(fn.name, namespace);
    names.set(name, { name: fn.name, ...(namespace ? { namespace } : {}), definition: fn });
    const plan = judge({ name, jsonSchema: fn.parameters });
    if (plan.kind === 'refused') {
      refused.push({ name, reason: plan.reason });
      return;
    }
    const strict = fn.strict && plan.strict && fitsBudget(spent, plan.strict) ? plan.strict : null;
    if (strict) {
      spent.strictTools += 1;
      spent.optionalParameters += strict.optionalParameters;
      spent.unionParameters += strict.unionParameters;
    }
    converted.push({
      name,
      ...(fn.description ? { description: fn.description } : {}),
      input_schema: (strict ? strict.schema : plan.plain) as Extract<ToolUnion, { input_schema: unknown }>['input_schema'],
      ...(strict ? { strict: true } : {}),
      ...(fn.defer_loading ? { defer_loading: true } : {}),
    });
  };
  for (const tool of tools) {
    if (tool.type === 'function') add(tool);
    else if (tool.type === 'namespace') for (const fn of tool.tools) add(fn, tool.name);
    else converted.push({ ...ANTHROPIC_TOOL_SEARCH });
  }
  return { tools: converted, names, refused };
}

function fitsBudget(spent: { strictTools: number; optionalParameters: number; unionParameters: number }, next: { optionalParameters: number; unionParameters: number }): boolean {
  return (
    spent.strictTools + 1 <= ANTHROPIC_STRICT_BUDGET.strictTools &&
    spent.optionalParameters + next.optionalParameters <= ANTHROPIC_STRICT_BUDGET.optionalParameters &&
    spent.unionParameters + next.unionParameters <= ANTHROPIC_STRICT_BUDGET.unionParameters
  );
}

/**
 * The run's tool choice and parallel setting as Anthropic's `tool_choice`: `required` is `any`,
 * a named function is `tool` by its wire name; parallel calls off is `disable_parallel_tool_use`
 * (which `none` does not take). Nothing when both are the defaults.
 */
export function convertToolChoiceToAnthropic(choice: RequestToolChoice | undefined, parallelToolCalls: boolean): { tool_choice?: ToolChoice } {
  const disable = parallelToolCalls ? {} : { disable_parallel_tool_use: true };
  if (choice === 'none') return { tool_choice: { type: 'none' } };
  if (choice === undefined || choice === 'auto') return parallelToolCalls ? {} : { tool_choice: { type: 'auto', ...disable } };
  if (choice === 'required') return { tool_choice: { type: 'any', ...disable } };
  return { tool_choice: { type: 'tool', name: qualifyToolName(choice.name, choice.namespace), ...disable } };
}

import { findDuplicateToolNames } from './check-tool-config';
import { createSubmitResultTool, SUBMIT_RESULT_TOOL_NAME, type ResultValidator } from './create-submit-result-tool';
import type { JsonSchema } from '../vocabulary/json';
import { err, ok, type Result } from '../vocabulary/result';
import type { AssembledTool } from '../events/runtime-event';
import type { TurnMode } from '../vocabulary/modes';
import { resolveSentParameters } from './resolve-sent-parameters';
import { effectiveExecutionMode, qualifiedToolName, riskOf, type Tool } from './tool';

/** How deferred tools reach the model in this turn. */
export type SearchMode = 'none' | 'client' | 'hosted';

/** A tool as registered for one turn: what is sent, and whether it hides behind search. */
export type RegisteredTool = {
  tool: Tool;
  qualifiedName: string;
  /** Where the tool comes from: the module, an MCP server (`mcpServer` names it), or the runtime itself. */
  source: 'module' | 'mcp' | 'builtin';
  /** The parameter schema actually sent: the authored one, or its strictified form. */
  sentParameters: JsonSchema;
  strictified: boolean;
  deferred: boolean;
};

export type TurnToolSet = {
  tools: RegisteredTool[];
  byName: Map<string, RegisteredTool>;
  searchMode: SearchMode;
  deferralNote?: string;
};

export type AssembleToolsOptions = {
  moduleTools: readonly Tool[];
  mode: TurnMode;
  resultSchema?: JsonSchema;
  validateResult?: ResultValidator;
  model: { hostedToolSearch: boolean; supportsDeferredTools: boolean };
};

/**
 * The per-turn tool set, from explicit sources: the module's tools (read-only ones in task mode),
 * `submit_result` in task mode, and search when anything is deferred. Refuses — before any model
 * request — a strict tool whose schema the provider would reject and that cannot be strictified.
 */
export function assembleTools(options: AssembleToolsOptions): Result<TurnToolSet, string> {
  const sources: { tool: Tool; source: RegisteredTool['source'] }[] = options.moduleTools
    .filter((tool) => options.mode === 'chat' || riskOf(tool) === 'read')
    .map((tool) => ({ tool, source: tool.mcpServer === undefined ? 'module' : 'mcp' }));
  if (options.mode === 'task') {
    if (!options.resultSchema) return err('Task mode needs a result schema for submit_result.');
    const submit = createSubmitResultTool(options.resultSchema, options.validateResult);
    if (!submit.ok) return err(submit.message);
    if (sources.some(({ tool }) => tool.name === SUBMIT_RESULT_TOOL_NAME && !tool.namespace)) {
      return err(`The module defines ${SUBMIT_RESULT_TOOL_NAME}, which task mode reserves for the result.`);
    }
    sources.push({ tool: submit.tool, source: 'builtin' });
  }
  const duplicates = findDuplicateToolNames(sources.map(({ tool }) => tool));
  if (duplicates.length > 0) return err(`Tool names must be unique within a namespace: ${duplicates.join(', ')}.`);

  const anyDeferred = sources.some(({ tool }) => tool.deferLoading);
  const searchMode: SearchMode = !anyDeferred || !options.model.supportsDeferredTools ? 'none' : options.model.hostedToolSearch ? 'hosted' : 'client';

  const tools: RegisteredTool[] = [];
  for (const { tool, source } of sources) {
    const sent = resolveSentParameters(tool);
    if (!sent.ok) return sent;
    tools.push({
      tool,
      qualifiedName: qualifiedToolName(tool),
      source,
      sentParameters: sent.value.schema,
      strictified: sent.value.strictified,
      deferred: tool.deferLoading && searchMode !== 'none',
    });
  }
  return ok({
    tools,
    byName: new Map(tools.map((entry) => [entry.qualifiedName, entry])),
    searchMode,
    deferralNote:
      anyDeferred && searchMode === 'none'
        ? 'This model has no tool search, so deferred tools are offered directly with their full schemas.'
        : undefined,
  });
}

export function describeAssembledTools(toolSet: TurnToolSet): AssembledTool[] {
  return toolSet.tools.map(({ tool, qualifiedName, source, strictified, deferred }) => ({
    name: tool.name,
    namespace: tool.namespace,
    qualifiedName,
    source,
    ...(tool.mcpServer === undefined ? {} : { server: tool.mcpServer }),
    deferred,
    strict: tool.strict,
    strictified,
    executionMode: effectiveExecutionMode(tool),
    risk: riskOf(tool),
    needsApproval: tool.needsApproval,
  }));
}

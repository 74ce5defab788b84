import type { ExecutionMode } from '@/lib/runtime';
import type { McpToolAnnotations, McpToolSetting } from '@/lib/contract';

/** How the runtime treats a server tool: its contract fields, decided from the hints and the visitor's settings. */
export type McpToolContract = {
  isReadOnly: boolean;
  isDestructive: boolean;
  /** `openWorldHint`: it reaches beyond the server (shown as external). */
  external: boolean;
  executionMode?: ExecutionMode;
  needsApproval: boolean;
  deferLoading: boolean;
};

/**
 * `readOnlyHint` makes a tool read-only and parallel; `destructiveHint` (ignored on a read-only
 * tool, as the spec says) makes it destructive and asks for approval unless a setting says not to;
 * `openWorldHint` marks it external. A hint left out is not assumed: an unannotated tool is an
 * ordinary write (sequential, no approval), since hints are the server's claims, not guarantees,
 * and asking for every unannotated call would teach people to click through.
 */
export function mapToolAnnotations(annotations: McpToolAnnotations | undefined, options: { setting?: McpToolSetting; deferByDefault: boolean }): McpToolContract {
  const isReadOnly = annotations?.readOnlyHint === true;
  const isDestructive = !isReadOnly && annotations?.destructiveHint === true;
  const setting = options.setting ?? {};
  const executionMode = setting.executionMode ?? (isReadOnly ? 'parallel' : undefined);
  return {
    isReadOnly,
    isDestructive,
    external: annotations?.openWorldHint === true,
    ...(executionMode === undefined ? {} : { executionMode }),
    needsApproval: setting.needsApproval ?? isDestructive,
    deferLoading: setting.deferLoading ?? options.deferByDefault,
  };
}

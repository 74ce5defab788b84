import { assembleTools, type AssembleToolsOptions, type RegisteredTool, type TurnToolSet } from '../tools/assemble-tools';
import { buildOfferedTools } from './build-offered-tools';
import type { EventEmitter } from '../events/create-event-emitter';
import { createToolTokenMeter, type TokenCounter, type ToolTokenMeter } from './measure-tool-tokens';
import type { OfferedTool } from '../model/model-client';
import type { ModelSettings } from '../model/model-settings';
import type { Tool } from '../tools/tool';
import { resolveRequestSettings, type RequestSettings } from './resolve-request-settings';
import { err, ok, type Result } from '../vocabulary/result';

/** A tool source whose tools changed during the turn: its whole new set of tools, or why it could not be listed again. */
export type ToolSourceChange = { server: string; tools: readonly Tool[]; error?: never } | { server: string; error: string; tools?: never };

/**
 * Asked before each model request after the first: the sources whose tools changed since the
 * last request (an MCP server's `notifications/tools/list_changed`, listed again; a replay's
 * recording of the same). Nothing changed → an empty list.
 */
export type TakeToolChanges = (iteration: number) => Promise<readonly ToolSourceChange[]>;

/** What the turn's requests offer, and everything derived from its tools. */
export type TurnToolState = {
  /** The tools from every source, in assembly order (before built-ins). */
  sourceTools: readonly Tool[];
  toolSet: TurnToolSet;
  offered: OfferedTool[];
  tokenMeter?: ToolTokenMeter;
  requestSettings: (iteration: number) => RequestSettings;
};

export type BuildTurnToolStateOptions = Omit<AssembleToolsOptions, 'moduleTools'> & {
  modelSettings: ModelSettings | undefined;
  loaded: ReadonlySet<string>;
  countTokens?: TokenCounter;
};

/** Assembles the turn's tool set from its sources' tools and derives what each request sends. */
export function buildTurnToolState(sourceTools: readonly Tool[], options: BuildTurnToolStateOptions): Result<TurnToolState, string> {
  const assembled = assembleTools({ ...options, moduleTools: sourceTools });
  return assembled.ok ? deriveTurnToolState(sourceTools, assembled.value, options) : assembled;
}

/** What each request sends for an assembled tool set: the offered tools, the token meter and the settings. */
export function deriveTurnToolState(sourceTools: readonly Tool[], toolSet: TurnToolSet, options: BuildTurnToolStateOptions): Result<TurnToolState, string> {
  const requestSettings = resolveRequestSettings(options.modelSettings, toolSet, options.loaded);
  if (!requestSettings.ok) return requestSettings;
  const tokenMeter = options.countTokens ? createToolTokenMeter(toolSet, options.countTokens) : undefined;
  return ok({ sourceTools, toolSet, offered: buildOfferedTools(toolSet), ...(tokenMeter ? { tokenMeter } : {}), requestSettings: requestSettings.value });
}

/**
 * Applies the changes a request is about to see: each server's tools are replaced by its new
 * ones (where its first tool was, or at the end), the set is assembled again and a
 * `tools-changed` event says what changed. A change that cannot be assembled (or a server that
 * could not be listed) keeps the tools the turn had, and the event says why. Loaded tools no
 * longer offered are forgotten.
 */
export function applyToolChanges(options: {
  state: TurnToolState;
  changes: readonly ToolSourceChange[];
  iteration: number;
  build: (sourceTools: readonly Tool[]) => Result<TurnToolState, string>;
  loaded: Set<string>;
  emitter: EventEmitter;
}): TurnToolState {
  let { state } = options;
  const { iteration, emitter } = options;
  for (const change of options.changes) {
    const rebuilt = change.error === undefined ? options.build(replaceServerTools(state.sourceTools, change.server, change.tools)) : err(change.error);
    if (!rebuilt.ok) {
      emitter.emit({ type: 'tools-changed', iteration, server: change.server, added: [], removed: [], changed: [], error: rebuilt.error });
      continue;
    }
    emitter.emit({ type: 'tools-changed', iteration, server: change.server, ...describeChange(state.toolSet, rebuilt.value.toolSet, change.server) });
    state = rebuilt.value;
    for (const name of [...options.loaded]) if (!state.toolSet.byName.has(name)) options.loaded.delete(name);
  }
  return state;
}

function replaceServerTools(tools: readonly Tool[], server: string, next: readonly Tool[]): Tool[] {
  const first = tools.findIndex((tool) => tool.mcpServer === server);
  const others = tools.filter((tool) => tool.mcpServer !== server);
  const at = first === -1 ? others.length : tools.slice(0, first).filter((tool) => tool.mcpServer !== server).length;
  return [...others.slice(0, at), ...next, ...others.slice(at)];
}

function describeChange(before: TurnToolSet, after: TurnToolSet, server: string): { added: string[]; removed: string[]; changed: string[] } {
  const ofServer = (set: TurnToolSet) => new Map(set.tools.filter((entry) => entry.tool.mcpServer === server).map((entry) => [entry.qualifiedName, entry]));
  const old = ofServer(before);
  const now = ofServer(after);
  return {
    added: [...now.keys()].filter((name) => !old.has(name)),
    removed: [...old.keys()].filter((name) => !now.has(name)),
    changed: [...now.entries()].filter(([name, entry]) => old.has(name) && fingerprint(old.get(name)!) !== fingerprint(entry)).map(([name]) => name),
  };
}

/** What the model and the runtime see of a tool: a difference here is a changed tool. */
function fingerprint(entry: RegisteredTool): string {
  const { tool } = entry;
  return JSON.stringify([tool.description, entry.sentParameters, tool.outputParameters ?? null, tool.isReadOnly, tool.isDestructive, tool.needsApproval, tool.executionMode ?? null, entry.deferred, tool.strict]);
}

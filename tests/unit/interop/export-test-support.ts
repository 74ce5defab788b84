import * as agents from '@openai/agents-core';
import * as tanstack from '@tanstack/ai';
import * as ai from 'ai';
import { transform } from 'esbuild';
import * as zod from 'zod';
import type { ExportFormat } from '@/lib/interop/export/export-format';
import { exportTools } from '@/lib/interop/export/export-tools';
import type { InteropTool } from '@/lib/interop/export/interop-tool';
import { flattenToolName } from '@/lib/interop/export/resolve-openai-schema';
import { compileToolModule } from '@/lib/sandbox/compile/compile-tool-module';
import { hasErrors } from '@/lib/contract';
import { createSampleTools } from './interop-fixtures';

/** The code formats whose targets run TypeScript, so an export carries the module's execute. */
export const TYPESCRIPT_FORMATS = ['vercel-ai-sdk', 'openai-agents-sdk', 'tanstack-ai'] as const satisfies readonly ExportFormat[];
export type TypeScriptFormat = (typeof TYPESCRIPT_FORMATS)[number];

/** What an exported file's imports resolve to when it is evaluated: the installed packages. */
const MODULES: Record<string, unknown> = { zod, ai, '@openai/agents-core': agents, '@tanstack/ai': tanstack };

/** The compiled tools of a module, as the export dialog gets them; fails on a module that does not compile. */
export async function compileInteropTools(source: string): Promise<InteropTool[]> {
  const compiled = await compileToolModule(source);
  if (hasErrors(compiled.diagnostics)) throw new Error(compiled.diagnostics.map((diagnostic) => `${diagnostic.line}: ${diagnostic.message}`).join('\n'));
  return createSampleTools(compiled.tools);
}

/** An exported file transpiled by esbuild (type-stripped only) and evaluated; its exports. */
export async function evaluateExport(text: string): Promise<Record<string, unknown>> {
  const { code } = await transform(text, { loader: 'ts', format: 'cjs', target: 'es2022' });
  const module: { exports: Record<string, unknown> } = { exports: {} };
  const require = (name: string): unknown => {
    if (!Object.hasOwn(MODULES, name)) throw new Error(`The exported file imports ${name}.`);
    return MODULES[name];
  };
  new Function('require', 'module', 'exports', code)(require, module, module.exports);
  return module.exports;
}

/** A call as an SDK makes it: the arguments the model sent and, when the SDK has one, its call id. */
export type SdkCall = { args: unknown; callId?: string; signal?: AbortSignal };

/** How each SDK runs one exported tool: what its agent loop would call, with what it would pass. */
export type SdkDriver = {
  execute(exported: Record<string, unknown>, tool: InteropTool, call: SdkCall): Promise<unknown>;
  /** Undefined when the SDK takes only a boolean. */
  needsApproval?(exported: Record<string, unknown>, tool: InteropTool, args: unknown): Promise<boolean>;
};

type AiSdkTool = { execute(input: unknown, options: { toolCallId: string; messages: []; abortSignal?: AbortSignal }): Promise<unknown>; needsApproval?: unknown };
type TanstackTool = { name: string; execute(args: unknown, context?: { toolCallId?: string; abortSignal?: AbortSignal }): Promise<unknown> };

export const SDK_DRIVERS: Record<TypeScriptFormat, SdkDriver> = {
  'vercel-ai-sdk': {
    execute: (exported, tool, call) => findAiSdkTool(exported, tool).execute(call.args, { toolCallId: call.callId ?? 'call_ai', messages: [], abortSignal: call.signal }),
    async needsApproval(exported, tool, args) {
      const needsApproval = findAiSdkTool(exported, tool).needsApproval;
      if (typeof needsApproval !== 'function') return needsApproval === true;
      return Boolean(await needsApproval(args, { toolCallId: 'call_ai', messages: [] }));
    },
  },
  'openai-agents-sdk': {
    // Through invoke, as the runner does: the SDK parses the JSON arguments and passes the call details.
    execute: (exported, tool, call) => {
      const toolCall = { type: 'function_call' as const, callId: call.callId ?? 'call_agents', name: tool.name, arguments: JSON.stringify(call.args) };
      return findAgentsTool(exported, tool).invoke(new agents.RunContext(), JSON.stringify(call.args), { toolCall, signal: call.signal });
    },
    needsApproval: (exported, tool, args) => findAgentsTool(exported, tool).needsApproval(new agents.RunContext(), args as never, 'call_agents'),
  },
  'tanstack-ai': {
    execute: (exported, tool, call) => findTanstackTool(exported, tool).execute(call.args, call.callId === undefined && call.signal === undefined ? undefined : { toolCallId: call.callId, abortSignal: call.signal }),
  },
};

function findAiSdkTool(exported: Record<string, unknown>, tool: InteropTool): AiSdkTool {
  const found = (exported.tools as Record<string, AiSdkTool>)[flattenToolName(tool)];
  if (!found) throw new Error(`No AI SDK tool ${flattenToolName(tool)}`);
  return found;
}

function findAgentsTool(exported: Record<string, unknown>, tool: InteropTool): agents.FunctionTool {
  const matches = (exported.tools as agents.FunctionTool[]).filter((candidate) => candidate.name === tool.name);
  if (matches.length !== 1) throw new Error(`Expected one Agents SDK tool ${tool.name}, found ${matches.length}`);
  return matches[0]!;
}

function findTanstackTool(exported: Record<string, unknown>, tool: InteropTool): TanstackTool {
  const found = (exported.tools as TanstackTool[]).find((candidate) => candidate.name === flattenToolName(tool));
  if (!found) throw new Error(`No TanStack tool ${flattenToolName(tool)}`);
  return found;
}

/** A module compiled, exported to `format` with its source, and evaluated. */
export async function loadModuleExport(source: string, format: TypeScriptFormat) {
  const tools = await compileInteropTools(source);
  const artifact = exportTools(tools, format, { moduleSource: source });
  const exported = await evaluateExport(artifact.text);
  const tool = (qualifiedName: string): InteropTool => {
    const found = tools.find((candidate) => candidate.qualifiedName === qualifiedName);
    if (!found) throw new Error(`No tool ${qualifiedName}`);
    return found;
  };
  const driver = SDK_DRIVERS[format];
  return {
    artifact,
    exported,
    execute: (qualifiedName: string, call: SdkCall) => driver.execute(exported, tool(qualifiedName), call),
    needsApproval: driver.needsApproval && ((qualifiedName: string, args: unknown) => driver.needsApproval!(exported, tool(qualifiedName), args)),
    files: (exported.playground as { files: { read(path: string): string | undefined; write(path: string, text: string): void; list(): string[] } }).files,
  };
}

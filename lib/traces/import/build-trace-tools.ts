import { claimToolName, renderToolModule, type ImportedTool, type RecordedOutput } from '@/lib/interop';
import type { JsonSchema, JsonValue } from '@/lib/runtime';
import type { TraceCall, TraceNote, TraceRun, TraceTool, TraceToolResult } from './trace-run';

/** The module answering the trace's tools from its recording, and each tool's name in it by the name the app gave it. */
export type TraceTools = { source: string; names: Map<string, string>; notes: TraceNote[] };

/**
 * The tools of a trace as a tool module: each recorded definition (its schema sent unchanged, not
 * strict; its risk when the definition gave one), or, when no definition was recorded at all, a
 * schema inferred from the calls' arguments. A tool called but missing from recorded definitions
 * stays out, so the runtime answers its calls as it would (an unknown tool). Each `execute` answers
 * a call with the recorded result of the call with the same arguments (else the tool's latest), a
 * recorded failure thrown again; a tool without any recorded result keeps the echoing stub. Every
 * tool runs in parallel: it only reads the recording, and the app ran one response's calls together.
 * Said in notes.
 */
export function buildTraceTools(run: TraceRun, label: string): TraceTools {
  const notes: TraceNote[] = [];
  const calls = run.modelCalls.flatMap((call) => call.calls);
  const defined = collectDefinitions(run);
  const called = [...new Set([...calls.map((call) => call.name), ...run.results.map((result) => result.name).filter((name) => name !== '')])];
  const inferred = called.filter((name) => !defined.has(name));
  if (defined.size === 0 && inferred.length > 0) {
    notes.push({ where: 'tools', reason: `No tool definitions were recorded; ${inferred.length === 1 ? 'the tool was' : `the ${inferred.length} tools were`} inferred from the calls' arguments (types from the values seen, nothing required).` });
    for (const name of inferred) defined.set(name, { name, description: '', parameters: inferSchema(calls.filter((call) => call.name === name)) });
  } else if (inferred.length > 0) {
    notes.push({ where: 'tools', reason: `${inferred.join(', ')}: called but never offered in a recorded definition; not in the module, so the runtime answers such a call as an unknown tool (the timeline marks each one the app ran).` });
  }
  // Indexed once: a trace holds up to 10,000 spans, and a scan per call would cost their square.
  const results = new Map(run.results.map((result) => [result.callId, result]));
  const callsByTool = new Map<string, TraceCall[]>();
  for (const call of calls) callsByTool.set(call.name, [...(callsByTool.get(call.name) ?? []), call]);
  const taken = new Set<string>();
  const names = new Map<string, string>();
  const tools = [...defined.values()].map((tool): ImportedTool => {
    const name = claimToolName(tool.name, taken);
    names.set(tool.name, name);
    if (name !== tool.name) notes.push({ where: `tool ${tool.name}`, reason: `Renamed ${name}: a playground tool name is ^[a-zA-Z0-9_-]{1,64}$ and unique.` });
    const recorded = collectRecordedOutputs(tool.name, { calls: callsByTool.get(tool.name) ?? [], results, notes });
    return {
      name,
      // A tool module needs a description (the model reads it): an app may define a tool without one, and inferred tools have none.
      description: tool.description || `${tool.name}, as the app called it (no description was recorded).`,
      jsonSchema: tool.parameters ?? { type: 'object', properties: {} },
      strict: false,
      executionMode: 'parallel',
      ...(tool.isReadOnly ? { isReadOnly: true } : {}),
      ...(tool.isDestructive ? { isDestructive: true } : {}),
      origin: `the recorded tool ${tool.name}`,
      tags: [],
      notes: [],
      ...(recorded.length > 0 ? { recordedOutputs: recorded } : {}),
    };
  });
  return { source: renderToolModule({ tools, definitions: {}, sourceLabel: label }), names, notes };
}

function collectDefinitions(run: TraceRun): Map<string, TraceTool> {
  const defined = new Map<string, TraceTool>();
  for (const tool of run.modelCalls.flatMap((call) => call.tools ?? [])) if (!defined.has(tool.name)) defined.set(tool.name, tool);
  return defined;
}

/** Each call of `name` with its recorded result, in call order; a call without one is noted. */
function collectRecordedOutputs(name: string, { calls, results, notes }: { calls: readonly TraceCall[]; results: ReadonlyMap<string, TraceToolResult>; notes: TraceNote[] }): RecordedOutput[] {
  const recorded: RecordedOutput[] = [];
  const byArguments = new Map<string, RecordedOutput>();
  for (const call of calls) {
    const result = results.get(call.callId);
    if (!result) {
      notes.push({ where: `call ${call.callId} (${name})`, reason: 'No result was recorded for this call; the module answers it with the latest recorded result of the tool, or with the stub when there is none.' });
      continue;
    }
    if (result.isError) notes.push({ where: `call ${call.callId} (${name})`, reason: `It failed in the app (${result.output}); the module throws that error, so the call fails here too and the model reads it as the runtime words a failed call.` });
    const args = parseArguments(call.arguments);
    const entry: RecordedOutput = result.isError ? { args, error: result.output } : { args, output: result.output };
    const key = JSON.stringify(args);
    const earlier = byArguments.get(key);
    if (!earlier) byArguments.set(key, entry);
    if (earlier && JSON.stringify({ ...earlier, args: null }) !== JSON.stringify({ ...entry, args: null })) {
      notes.push({ where: `call ${call.callId} (${name})`, reason: 'An earlier call had the same arguments and got another result; the module answers both with the earlier one, so from here the run may differ from the app\'s.' });
    }
    recorded.push(entry);
  }
  return recorded;
}

function parseArguments(text: string): JsonValue {
  try {
    return JSON.parse(text) as JsonValue;
  } catch (error) {
    if (error instanceof SyntaxError) return text;
    throw error;
  }
}

/** An object schema with each argument name seen, typed by the first value seen; nothing required, others allowed. */
function inferSchema(calls: readonly TraceCall[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  for (const call of calls) {
    const args = parseArguments(call.arguments);
    if (typeof args !== 'object' || args === null || Array.isArray(args)) continue;
    for (const [key, value] of Object.entries(args)) properties[key] ??= { type: describeJsonType(value) };
  }
  return { type: 'object', properties };
}

function describeJsonType(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

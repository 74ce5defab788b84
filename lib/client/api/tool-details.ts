import { err, ok, type Result } from '@/lib/runtime';
import { compileTools, fetchToolDetails, type ApiError } from './api-client';
import type { CompileResponse, CompiledToolDetail, CompiledToolSummary, CompiledToolView, ToolDetailsResponse } from '@/lib/client/compile';

/** The details of the compiles the page saw: inline ones kept as they came, the others fetched when first asked for. */
export type ToolDetailStore = {
  /** Keeps a compile answer's inline details, and its source to compile again if the server has forgotten it. */
  remember(source: string, response: CompileResponse): void;
  peek(moduleKey: string, index: number): CompiledToolDetail | undefined;
  /** The module text a remembered compile came from (what the exporters embed). */
  sourceOf(moduleKey: string): string | undefined;
  /** The details of the tools at `indexes` (in that order), fetched as needed in batches. */
  load(moduleKey: string, indexes: readonly number[]): Promise<Result<CompiledToolDetail[], ApiError>>;
};

export type ToolDetailStoreDependencies = {
  fetchDetails: (moduleKey: string, indexes: readonly number[]) => Promise<Result<ToolDetailsResponse, ApiError>>;
  compile: (source: string) => Promise<Result<CompileResponse, ApiError>>;
  /** Compiles remembered at once; the schema panel shows one, the rest are recent edits. */
  maxModules?: number;
  /** Indexes per details request (the route's own limit). */
  batchSize?: number;
};

type ModuleEntry = {
  source: string;
  details: Map<number, CompiledToolDetail>;
  inFlight: Map<number, Promise<Result<CompiledToolDetail, ApiError>>>;
};

export function createToolDetailStore({ fetchDetails, compile, maxModules = 8, batchSize = 250 }: ToolDetailStoreDependencies): ToolDetailStore {
  const modules = new Map<string, ModuleEntry>();

  const keep = (entry: ModuleEntry, response: { indexes: readonly number[]; details: readonly CompiledToolDetail[] }) => {
    response.indexes.forEach((index, position) => {
      const detail = response.details[position];
      if (detail) entry.details.set(index, detail);
    });
  };

  const fetchBatch = async (moduleKey: string, entry: ModuleEntry, indexes: number[]): Promise<Result<void, ApiError>> => {
    let answer = await fetchDetails(moduleKey, indexes);
    if (!answer.ok && answer.error.status === 404) {
      // The server evicted this compile: compiling the same source puts it back under the same key.
      const recompiled = await compile(entry.source);
      if (!recompiled.ok) return recompiled;
      if (recompiled.value.details) {
        keep(entry, { indexes: recompiled.value.tools.map((tool) => tool.index), details: recompiled.value.details });
        return ok(undefined);
      }
      answer = await fetchDetails(moduleKey, indexes);
    }
    if (!answer.ok) return answer;
    keep(entry, answer.value);
    return ok(undefined);
  };

  const request = (moduleKey: string, entry: ModuleEntry, indexes: number[]) => {
    for (let start = 0; start < indexes.length; start += batchSize) {
      const batch = indexes.slice(start, start + batchSize);
      const fetched = fetchBatch(moduleKey, entry, batch);
      for (const index of batch) {
        const one = fetched.then((result): Result<CompiledToolDetail, ApiError> => {
          entry.inFlight.delete(index);
          if (!result.ok) return result;
          const detail = entry.details.get(index);
          return detail ? ok(detail) : err({ code: 'malformed-response', message: `The server sent no detail for tool ${index}.` });
        });
        entry.inFlight.set(index, one);
      }
    }
  };

  return {
    remember(source, response) {
      const existing = modules.get(response.moduleKey);
      modules.delete(response.moduleKey);
      const entry = existing ?? { source, details: new Map(), inFlight: new Map() };
      if (response.details) keep(entry, { indexes: response.tools.map((tool) => tool.index), details: response.details });
      modules.set(response.moduleKey, entry);
      while (modules.size > maxModules) modules.delete(modules.keys().next().value as string);
    },
    peek(moduleKey, index) {
      return modules.get(moduleKey)?.details.get(index);
    },
    sourceOf(moduleKey) {
      return modules.get(moduleKey)?.source;
    },
    async load(moduleKey, indexes) {
      const entry = modules.get(moduleKey);
      if (!entry) return err({ code: 'malformed-response', message: 'This compile is no longer known to the page; edit the module to compile it again.' });
      const missing = [...new Set(indexes)].filter((index) => !entry.details.has(index) && !entry.inFlight.has(index));
      if (missing.length > 0) request(moduleKey, entry, missing);
      const details: CompiledToolDetail[] = [];
      for (const index of indexes) {
        const known = entry.details.get(index);
        if (known) {
          details.push(known);
          continue;
        }
        const pending = entry.inFlight.get(index);
        const result = pending ? await pending : err<ApiError>({ code: 'malformed-response', message: `The server sent no detail for tool ${index}.` });
        if (!result.ok) return result;
        details.push(result.value);
      }
      return ok(details);
    },
  };
}

/** A summary with its detail: what the open row, Try, the matrix and the exporters read. */
export function withToolDetail(summary: CompiledToolSummary, detail: CompiledToolDetail): CompiledToolView {
  return { ...summary, ...detail };
}

/** The page's one store, talking to the playground API. */
export const toolDetails: ToolDetailStore = createToolDetailStore({
  fetchDetails: (moduleKey, indexes) => fetchToolDetails(moduleKey, indexes),
  compile: (source) => compileTools(source, new AbortController().signal),
});

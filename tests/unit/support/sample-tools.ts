import { z } from 'zod';
import { defineTool } from '@/lib/runtime';

export const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    });
  });

/** A read-only tool that sleeps `ms` (abortably), then echoes `label`: for overlap and abort tests. */
export const slowEchoTool = defineTool({
  name: 'slow',
  description: 'Sleeps for the given time, then echoes its label.',
  schema: z.object({ label: z.string(), ms: z.number() }),
  isReadOnly: true,
  execute: async (args, ctx) => {
    await sleep(args.ms, ctx.signal);
    return args.label;
  },
});

/** A small workspace: read (parallel), write (sequential), delete (destructive). */
export function createWorkspaceTools(files: Map<string, string> = new Map([['a.txt', 'alpha']])) {
  const readFile = defineTool({
    name: 'read_file',
    description: 'Read a text file from the workspace.',
    schema: z.object({ path: z.string(), delayMs: z.number().int().optional() }),
    isReadOnly: true,
    describeActivity: (args) => `Reading ${args.path}`,
    execute: async (args, ctx) => {
      await sleep(args.delayMs ?? 5, ctx.signal);
      return files.get(args.path) ?? `No such file: ${args.path}`;
    },
  });
  const writeFile = defineTool({
    name: 'write_file',
    description: 'Write a text file to the workspace.',
    schema: z.object({ path: z.string(), content: z.string() }),
    execute: async (args, ctx) => {
      await sleep(10, ctx.signal);
      files.set(args.path, args.content);
      return `Wrote ${args.content.length} bytes to ${args.path}`;
    },
  });
  const deleteFile = defineTool({
    name: 'delete_file',
    description: 'Delete a file from the workspace.',
    schema: z.object({ path: z.string() }),
    isDestructive: true,
    execute: async (args) => {
      files.delete(args.path);
      return { content: `Deleted ${args.path}`, details: { path: args.path } };
    },
  });
  return { files, readFile, writeFile, deleteFile, all: [readFile, writeFile, deleteFile] };
}

/** A deferred, namespaced read-only tool: what a tool search has to find before it can be called. */
export const deferredWeatherTool = defineTool({
  name: 'get_weather',
  namespace: 'meteo',
  namespaceDescription: 'Weather services',
  description: 'Current weather for a city.',
  deferLoading: true,
  isReadOnly: true,
  schema: z.object({ city: z.string() }),
  execute: async (args) => `Sunny in ${args.city}`,
});

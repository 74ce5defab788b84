// Server-only: a turn's servers that said their tools changed, listed again between its model requests.
import type { Result, Tool, ToolSourceChange } from '@/lib/runtime';
import { MCP_LIMITS } from '@/lib/contract';
import type { McpListedTool } from '../mcp-listed-tool';
import type { McpTapeRecorder } from '../create-mcp-tape-recorder';

/** One server listed again: its tools as the runtime runs them and as the tape records them, or the sentence it failed with. */
export type McpRelisted = Result<{ tools: Tool[]; listed: McpListedTool[] }, string>;

export type McpToolChangeWatch = {
  /** The server sent `notifications/tools/list_changed`: list it again (one listing at a time; a notice during one asks for another after it). */
  notice(server: string, relist: () => Promise<McpRelisted>): void;
  /** Waits for the listings under way and hands over what changed since the last request, recorded as first offered to `iteration`. */
  take(iteration: number): Promise<ToolSourceChange[]>;
};

type ServerWatch = { running?: Promise<void>; again: boolean; relists: number; latest?: McpRelisted };

/**
 * A server that keeps saying its tools changed is listed again at most `MCP_LIMITS.relistsPerTurn`
 * times in the turn; the listing last finished before a request is the one it offers.
 */
export function createToolChangeWatch(recorder?: McpTapeRecorder): McpToolChangeWatch {
  const watches = new Map<string, ServerWatch>();
  const run = async (watch: ServerWatch, relist: () => Promise<McpRelisted>) => {
    do {
      watch.again = false;
      watch.relists += 1;
      watch.latest = await relist();
    } while (watch.again && watch.relists < MCP_LIMITS.relistsPerTurn);
    watch.running = undefined;
  };
  return {
    notice(server, relist) {
      const watch = watches.get(server) ?? { again: false, relists: 0 };
      watches.set(server, watch);
      if (watch.running) {
        watch.again = true;
        return;
      }
      if (watch.relists >= MCP_LIMITS.relistsPerTurn) return;
      watch.running = run(watch, relist);
    },
    async take(iteration) {
      await Promise.all([...watches.values()].map((watch) => watch.running));
      const changes: ToolSourceChange[] = [];
      for (const [server, watch] of watches) {
        const latest = watch.latest;
        if (!latest) continue;
        watch.latest = undefined;
        recorder?.recordRelist(latest.ok ? { server, iteration, tools: latest.value.listed } : { server, iteration, error: latest.error });
        changes.push(latest.ok ? { server, tools: latest.value.tools } : { server, error: latest.error });
      }
      return changes;
    },
  };
}

import { defineTool } from '@/lib/runtime';
import { NOOP_TOOL } from './workload';

/** The workload's no-op tool for our runtime, counting its executions so a run can be checked. */
export function createOurNoopTool() {
  const counter = { executed: 0 };
  const tool = defineTool({
    name: NOOP_TOOL.name,
    description: NOOP_TOOL.description,
    schema: NOOP_TOOL.schema,
    isReadOnly: true,
    execute: () => {
      counter.executed += 1;
      return 'ok';
    },
  });
  return { tool, counter };
}

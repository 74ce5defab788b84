import type { ForkRequest, McpTape, TapeEntry, TurnRequest } from '@/lib/contract';
import { err, ok, type Result } from '@/lib/runtime';
import type { SessionRecord } from './session-record';

/** The request a fork runs, and the recorded turn's tapes (model exchanges, and its MCP side when it had servers). */
export type ForkedTurn = { request: TurnRequest; tape: readonly TapeEntry[]; mcp?: McpTape };

/**
 * Builds the request of a fork from the recorded turn and the changes asked for. A changed output
 * must name a call the recorded turn made, and a fork must change something.
 */
export function buildForkRequest(record: SessionRecord, fork: ForkRequest): Result<ForkedTurn, string> {
  const turn = record.turns[fork.turn];
  if (!turn) return err(`Turn ${fork.turn + 1} does not exist: the session has ${record.turns.length} turn${record.turns.length === 1 ? '' : 's'}.`);
  const callIds = new Set(turn.events.flatMap((event) => (event.type === 'tool-output' ? [event.callId] : [])));
  const unknown = (fork.outputs ?? []).find((entry) => !callIds.has(entry.callId));
  if (unknown) return err(`Call ${unknown.callId} is not a call of turn ${fork.turn + 1} with an output to change.`);
  const { turn: _turn, outputs, mcpServers: _tabServers, ...changes } = fork;
  const changed = (outputs?.length ?? 0) > 0 || Object.values(changes).some((value) => value !== undefined);
  if (!changed) return err('A fork changes something: an output, the module, the model or a setting.');
  const recorded = turn.request;
  const request: TurnRequest = {
    ...recorded,
    ...(fork.source === undefined ? {} : { source: fork.source }),
    ...(fork.model === undefined ? {} : { model: fork.model }),
    ...(fork.permissionMode === undefined ? {} : { permissions: { ...recorded.permissions, mode: fork.permissionMode } }),
    ...(fork.maxIterations === undefined ? {} : { maxIterations: fork.maxIterations }),
    ...(fork.instructions === undefined ? {} : { instructions: fork.instructions }),
    ...(outputs && outputs.length > 0 ? { overrideOutputs: outputs } : {}),
    forkOf: { sessionId: record.id, turn: fork.turn },
  };
  return ok({ request, tape: turn.tape, ...(turn.mcp ? { mcp: turn.mcp } : {}) });
}

import type { Result } from '@/lib/runtime';
import type { ToolCallRequest } from '@/lib/contract';
import { streamEvents, type ApiError, type StreamTurnOptions } from './api-client';

export type { ToolCallRequest };

/**
 * Runs one tool call without a model (`POST /api/tools/call`) and feeds its events to `onEvent`
 * until `turn-end`. The events are a turn's: the caller learns the turn id from `turn-start` and
 * answers approvals and typed outputs through the turn routes.
 */
export function callTool(request: ToolCallRequest, options: StreamTurnOptions): Promise<Result<void, ApiError>> {
  return streamEvents('/api/tools/call', request, options, 'call');
}

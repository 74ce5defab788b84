import type { JsonValue } from '../vocabulary/json';

/** A call whose output a person types: a tool without `execute`, or one switched to be answered by hand. */
export type ManualOutputRequest = { callId: string; name: string; input: JsonValue; signal: AbortSignal };

/**
 * Asks a person for a call's output; resolves with the text they typed. The runtime races it
 * against its timeout and the turn's abort signal, like an approval.
 */
export type ManualOutputHandler = (request: ManualOutputRequest) => Promise<string | null>;

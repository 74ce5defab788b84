import type { JsonValue } from '../vocabulary/json';

/**
 * A question a tool's call asks a person while it runs (an MCP server's elicitation): a form to
 * fill in (`requestedSchema`, the spec's flat object of primitive fields) or a URL to open.
 */
export type ElicitationQuestion = { mode: 'form'; message: string; requestedSchema: JsonValue } | { mode: 'url'; message: string; url: string };

/** The person's answer: the filled-in form (checked against its schema before it goes anywhere), no, or not now. */
export type ElicitationReply = { action: 'accept'; content?: Record<string, JsonValue> } | { action: 'decline' } | { action: 'cancel' };

/**
 * One question on its way to a person: the turn-unique id the answer names, and who asks.
 * `recorded`: the answer a person gave this question in the recording a fork answers the call
 * from; the handler answers with it and asks nobody.
 */
export type ElicitationRequest = { callId: string; name: string; elicitationId: string; server: string; question: ElicitationQuestion; recorded?: ElicitationReply; signal: AbortSignal };

/**
 * Asks a person; resolves with their reply, `null` when the channel closed without one. The
 * runtime races it against the approvals' timeout and the turn's abort, like an approval.
 */
export type ElicitationHandler = (request: ElicitationRequest) => Promise<ElicitationReply | null>;

/**
 * What a call's tool may ask during `execute` (`ToolContext.ask`): who asks, and the question;
 * `recorded` when the answer is already known (a fork's call answered from its recording).
 */
export type AskPerson = (asked: { server: string; question: ElicitationQuestion; recorded?: ElicitationReply }) => Promise<ElicitationReply>;

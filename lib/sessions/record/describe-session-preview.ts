import type { RuntimeEvent, TurnEndReason } from '@/lib/runtime';

/** What a pasted `/s/<id>` link previews as in a chat app: a title and one line of what happened. */
export type SessionPreview = { title: string; description: string };

type PreviewInput = {
  title?: string;
  turns: readonly { request: { messages: readonly { role: string; content: string }[] }; events: readonly RuntimeEvent[] }[];
};

const MAX_QUOTE = 90;

const ENDINGS: Record<TurnEndReason, string> = {
  completed: 'completed',
  'tool-ended': 'ended by a tool',
  'max-iterations': 'stopped at the iteration limit',
  aborted: 'stopped by the user',
  error: 'ended with an error',
};

/** The link preview of a session: its title (or its first message), then turns, calls and how the last turn ended. */
export function describeSessionPreview(record: PreviewInput): SessionPreview {
  const firstMessage = record.turns[0]?.request.messages.findLast((message) => message.role === 'user')?.content.trim() ?? '';
  const quote = firstMessage.length > MAX_QUOTE ? `${firstMessage.slice(0, MAX_QUOTE - 1).trimEnd()}…` : firstMessage;
  const calls = record.turns.reduce((sum, turn) => sum + turn.events.filter((event) => event.type === 'tool-call-start').length, 0);
  const last = record.turns.at(-1)?.events.findLast((event) => event.type === 'turn-end');
  const parts = [
    `${record.turns.length} turn${record.turns.length === 1 ? '' : 's'}`,
    `${calls} tool call${calls === 1 ? '' : 's'}`,
    ...(last?.type === 'turn-end' ? [ENDINGS[last.reason]] : []),
  ];
  const title = record.title?.trim() || (quote ? `“${quote}”` : 'Shared session');
  const lead = record.title?.trim() && quote ? `“${quote}” · ` : '';
  return { title: `${title} · Tool Runtime Playground`, description: `${lead}${parts.join(' · ')}. A recorded agent turn: schemas, dispatch order, validation and approvals, replayable.` };
}

import type { ElicitationAnswerRequest } from '@/lib/contract';
import type { Result } from '@/lib/runtime';

/** What a person can do to a call that waits for them: decide an approval, type its output, or answer its server's question. */
export type CallActions = {
  decide: (callId: string, approved: boolean, reason?: string) => void;
  answer: (callId: string, output: string) => void;
  /** Answers a question the call's MCP server asked; the reason when it was not taken (a form that does not fit). */
  elicit: (answer: ElicitationAnswerRequest) => Promise<Result<void, string>>;
  /** On a shared session: run the call's turn again with this output instead of the recorded one. */
  forkWithOutput?: (callId: string, output: string) => void;
};

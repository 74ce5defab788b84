/** What a person can do to a call that waits for them: decide an approval, or type its output. */
export type CallActions = {
  decide: (callId: string, approved: boolean, reason?: string) => void;
  answer: (callId: string, output: string) => void;
  /** On a shared session: run the call's turn again with this output instead of the recorded one. */
  forkWithOutput?: (callId: string, output: string) => void;
};

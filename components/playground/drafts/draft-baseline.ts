import type { PlaygroundState } from '@/lib/client';

/** What the page's content was when it was loaded; a workspace still holding it has nothing to lose. */
export type Baseline = Pick<PlaygroundState, 'documents' | 'conversation' | 'message' | 'instructions' | 'assertions'>;

export function selectBaseline(state: PlaygroundState): Baseline {
  return { documents: state.documents, conversation: state.conversation, message: state.message, instructions: state.instructions, assertions: state.assertions };
}

/** Whether the workspace holds anything its loading did not put there (a baseline of null: a restored draft, always kept). */
export function isEdited(state: PlaygroundState, baseline: Baseline | null): boolean {
  if (!baseline) return true;
  return (
    state.documents !== baseline.documents ||
    state.conversation !== baseline.conversation ||
    state.message !== baseline.message ||
    state.instructions !== baseline.instructions ||
    state.assertions !== baseline.assertions
  );
}

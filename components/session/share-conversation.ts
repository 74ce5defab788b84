import type { PlaygroundState } from '@/lib/client';
import { buildSessionPlayground, toAbsoluteUrl } from '@/lib/client';
import { buildKeptSessionFile } from '@/lib/client';
import { selectActiveBranch } from '@/lib/client';
import { importSessionFile, shareSession } from '@/lib/sessions';
import type { ShareOutcome } from './share-button';

/**
 * Stores the shared turns with the playground (or, when the server no longer has them, the records
 * this browser kept) and copies the link; `onSharing` once the request is about to go out.
 */
export async function shareConversation({ state, turnIds, onSharing }: { state: PlaygroundState; turnIds: string[]; onSharing: () => void }): Promise<ShareOutcome> {
  const playground = buildSessionPlayground(state);
  if (!playground.ok) {
    return { kind: 'failed', message: `Cannot share: ${playground.error}` };
  }
  // The assertion schema (Zod, and Ajv for JSON Schema matches) loads on the first Share, not with the page.
  const { readAssertions } = await import('@/lib/client/readers');
  const assertions = readAssertions(state.assertions);
  if (!assertions.ok) {
    return { kind: 'failed', message: `Cannot share: the assertions are not valid (${assertions.error}).` };
  }
  onSharing();
  const forkedFrom = state.origin.kind === 'forked' ? state.origin.sessionId : undefined;
  let result = await shareSession({
    playground: playground.value,
    turnIds,
    ...(forkedFrom ? { forkedFrom } : {}),
    ...(assertions.value.length > 0 ? { assertions: assertions.value } : {}),
  });
  // 422: the server no longer has a turn (it keeps them 24 hours); the records this browser kept are shared instead, checked like an imported file.
  if (!result.ok && result.error.status === 422) {
    const turns = selectActiveBranch(state.conversation).turns;
    const file = buildKeptSessionFile({ playground: playground.value, turns, assertions: assertions.value });
    if (!file.ok) {
      return { kind: 'failed', message: `Cannot share: the server no longer has this conversation's turns, and ${file.error}` };
    }
    result = await importSessionFile(file.value);
  }
  if (!result.ok) {
    return { kind: 'failed', message: `Share failed: ${result.error.message}` };
  }
  const link = toAbsoluteUrl(result.value.url, window.location.origin);
  // Outside a secure context there is no clipboard; the link is still shown to copy by hand.
  const copied = navigator.clipboard
    ? await navigator.clipboard.writeText(link).then(
        () => true,
        (error: unknown) => {
          console.warn('Clipboard write failed:', error);
          return false;
        },
      )
    : false;
  return { kind: 'shared', sessionId: result.value.id, link, copied };
}

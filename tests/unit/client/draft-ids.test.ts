import { describe, expect, it } from 'vitest';
import { createSharedDraftId, draftPagePath, sharedSessionOfDraft } from '@/lib/client/drafts';

describe('draft ids', () => {
  it('tie a shared page’s drafts to its session, and leave workspace drafts to the playground', () => {
    const id = createSharedDraftId('AbCdEfGhIjKlMnOpQrSt_-');
    expect(sharedSessionOfDraft(id)).toBe('AbCdEfGhIjKlMnOpQrSt_-');
    expect(draftPagePath(id)).toBe('/s/AbCdEfGhIjKlMnOpQrSt_-');
    expect(createSharedDraftId('AbCdEfGhIjKlMnOpQrSt_-')).not.toBe(id);
    const workspace = crypto.randomUUID();
    expect(sharedSessionOfDraft(workspace)).toBeNull();
    expect(draftPagePath(workspace)).toBe('/');
    expect(sharedSessionOfDraft('shared:')).toBeNull();
  });
});

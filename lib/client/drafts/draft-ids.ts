/**
 * Draft ids. A workspace draft's id is a bare UUID; edits made on a shared session's page
 * `/s/<sessionId>` are kept as `shared:<sessionId>:<uuid>`, so they never overwrite the
 * workspace's draft or another session's, and the page knows which drafts are its own.
 */
const SHARED_PREFIX = 'shared:';

/** The sessionStorage key a page sets before going to another page that should open a given draft. */
export const OPEN_DRAFT_KEY = 'playground:open-draft';

export function createSharedDraftId(sessionId: string): string {
  return `${SHARED_PREFIX}${sessionId}:${crypto.randomUUID()}`;
}

/** The shared session whose page a draft belongs to, or null for a workspace draft. */
export function sharedSessionOfDraft(draftId: string): string | null {
  if (!draftId.startsWith(SHARED_PREFIX)) return null;
  const rest = draftId.slice(SHARED_PREFIX.length);
  const end = rest.lastIndexOf(':');
  return end > 0 ? rest.slice(0, end) : null;
}

/** Where a draft is edited: its shared session's page, or the playground. */
export function draftPagePath(draftId: string): string {
  const sessionId = sharedSessionOfDraft(draftId);
  return sessionId === null ? '/' : `/s/${encodeURIComponent(sessionId)}`;
}

export { OPEN_DRAFT_KEY, createSharedDraftId, draftPagePath, sharedSessionOfDraft } from './draft-ids';
export { createDraftStore } from './draft-store';
export type { DraftBackend, DraftListing, DraftStore } from './draft-store';
export { createIndexedDbDraftBackend } from './indexed-db-draft-backend';
export { promotePendingCopy, writePendingCopy } from './pending-draft-copy';
export type { PendingCopyStorage } from './pending-draft-copy';

export { DraftNotice, formatSavedAt } from './draft-notice';
export { useWorkspaceDrafts } from './use-workspace-drafts';
export type { DraftScope, WorkspaceDrafts } from './use-workspace-drafts';

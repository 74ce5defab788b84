// Readers of what the browser keeps or stores (assertions, a fork's handoff, a workspace draft): each
// checks a value against its schema (Zod, Ajv for assertions). Loaded lazily: the first paint never
// waits for them.
export { readAssertions } from './read-assertions';
export { readForkHandoff } from './read-fork-handoff';
export { readWorkspaceDraft } from './read-workspace-draft';

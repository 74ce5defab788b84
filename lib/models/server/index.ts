// Server-only: model clients that reach the network through the egress policy (OpenAI, compatible
// servers), the embedded and tape clients behind the same interface, and the provider check.
export { checkProvider } from './check-provider';
export { createForkClient } from './create-fork-client';
export { createModelClient } from './create-model-client';
export type { ModelEnvironment } from './create-model-client';

// What the page and the layers above need of the models, browser-safe: plausible arguments for a schema
// (the Try panel's and the output editor's prefill, seeded) and the provider check's request and answer.
// The embedded models are `@/lib/models/embedded`; the clients that reach the network are server-only,
// in `@/lib/models/server`.
export { generateArguments } from './embedded/arguments/generate-arguments';
export { createSeededRandom } from './embedded/seeded-random';
export { providerCheckRequestSchema } from './provider-check';
export type { ProviderCheckAnswer, ProviderCheckOutcome, ProviderCheckRequest } from './provider-check';

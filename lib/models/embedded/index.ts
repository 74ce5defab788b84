// The embedded models (auto and scripted) as the sandbox worker runs them: offline, seeded, no network.
export { createAutoModel } from './auto-model';
export type { AutoModelOptions } from './auto-model';
export type { EmbeddedModel, EmbeddedOutput, EmbeddedRequest } from './embedded-model';

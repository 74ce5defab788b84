// Server-only: model clients that reach the network through the egress policy (OpenAI, compatible
// servers), the embedded and tape clients behind the same interface, and the provider check.
export { checkProvider } from './check-provider';
export { createForkClient } from './create-fork-client';
export { createModelClient } from './create-model-client';
export type { ModelEnvironment } from './create-model-client';
export { createEgressFetch } from '../egress/create-egress-fetch';
export type { EgressFetchOptions } from '../egress/create-egress-fetch';
export { EGRESS_LIMITS, ALLOW_PRIVATE_NETWORK_VALUE } from '../egress/egress-limits';
export { EgressRefusalError, findEgressRefusal } from '../egress/egress-refusal';
export type { EgressRefusal } from '../egress/egress-refusal';
export { describeEgressRefusal } from '../egress/describe-egress-refusal';

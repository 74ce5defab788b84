import type { FetchFunction } from './record-exchanges';

/** What every provider's client is made with: the model, where it is, the key, the (recording) fetch, and its name in messages. */
export type RemoteClientOptions = {
  label: string;
  model: string;
  apiKey: string;
  baseURL: string;
  /** Already wrapped for recording (and the egress policy); see `createRecordingFetch`. */
  fetch: FetchFunction;
  timeoutMs?: number;
  /** The provider's name in error messages. */
  providerName?: string;
};

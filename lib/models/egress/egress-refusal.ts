/**
 * Why the server would not send a model request, or would not read its answer. Plain data; the
 * words are chosen by `describeEgressRefusal`, which knows the provider and the base URL.
 */
export type EgressRefusal =
  | { code: 'scheme-not-allowed'; protocol: string }
  | {
      code: 'private-address';
      hostname: string;
      /** The first refused address among those the host resolves to. */
      address: string;
      /** E.g. "a loopback address"; see `classifyAddress`. */
      description: string;
      addressCount: number;
    }
  | { code: 'metadata-host'; hostname: string }
  | { code: 'redirect'; status: number; location: string | undefined }
  | { code: 'response-too-large'; limitBytes: number };

/**
 * Carries an EgressRefusal out of a fetch, which can only fail by throwing (and is wrapped by
 * undici and the openai SDK on the way); `findEgressRefusal` turns it back into data.
 */
export class EgressRefusalError extends Error {
  readonly refusal: EgressRefusal;

  constructor(refusal: EgressRefusal) {
    super(`The egress policy refused the model request (${refusal.code}).`);
    this.name = 'EgressRefusalError';
    this.refusal = refusal;
  }
}

const MAX_CAUSE_DEPTH = 8;

/** The refusal behind an error, looking through the `cause` chain the SDK and undici build. */
export function findEgressRefusal(error: unknown): EgressRefusal | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < MAX_CAUSE_DEPTH && current instanceof Error; depth += 1) {
    if (current instanceof EgressRefusalError) return current.refusal;
    current = current.cause;
  }
  return undefined;
}

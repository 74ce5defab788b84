import type { EgressRefusal } from './egress-refusal';
import { excerptText } from './excerpt-text';
import { startSentence } from '../start-sentence';

/** Where the refused request was going, as error messages name it. */
export type EgressRefusalContext = {
  providerName: string;
  baseURL: string;
  /** What the URL is called in the sentence: `base URL` unless given (an MCP server's is its `server URL`). */
  urlLabel?: string;
};

/** A Location header is the far server's text; it gets no more room than a failed body. */
const LOCATION_EXCERPT_LENGTH = 300;

const PRIVATE_NETWORK_ADVICE =
  'requests from this server may not reach private networks. An operator can allow it with PLAYGROUND_ALLOW_PRIVATE_NETWORK=1.';

/** The user-facing sentence for a refusal: what was refused, why, and who can change it. */
export function describeEgressRefusal(refusal: EgressRefusal, context: EgressRefusalContext): string {
  const label = context.urlLabel ?? 'base URL';
  switch (refusal.code) {
    case 'scheme-not-allowed':
      return `The ${label} ${context.baseURL} uses ${refusal.protocol}; only http: and https: ${label}s are allowed.`;
    case 'private-address': {
      const among = refusal.addressCount > 1 ? ` (one of the ${refusal.addressCount} addresses ${refusal.hostname} resolves to)` : '';
      return `The ${label} ${context.baseURL} resolves to ${refusal.address}${among}, ${refusal.description}; ${PRIVATE_NETWORK_ADVICE}`;
    }
    case 'metadata-host':
      return `The ${label} ${context.baseURL} names ${refusal.hostname}, a cloud metadata host; ${PRIVATE_NETWORK_ADVICE}`;
    case 'redirect': {
      const target = refusal.location === undefined ? 'an unnamed location' : excerptText(refusal.location, LOCATION_EXCERPT_LENGTH);
      return `${startSentence(context.providerName)} answered with a redirect to ${target}; redirects are not followed.`;
    }
    case 'response-too-large':
      return `The response from ${context.providerName} is larger than ${formatMegabytes(refusal.limitBytes)}; it was not read.`;
  }
}

function formatMegabytes(bytes: number): string {
  return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
}

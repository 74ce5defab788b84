// Server-only: opens sockets to model providers under the egress policy.
import { Agent, fetch as fetchWithUndici, type Response as UndiciResponse } from 'undici';
import type { FetchFunction } from '../record-exchanges';
import { createGuardedLookup, resolveWithSystem, type ResolveHost } from './create-guarded-lookup';
import { EgressRefusalError } from './egress-refusal';
import { findHostRefusal } from './find-host-refusal';

export type EgressFetchOptions = {
  /**
   * Let requests reach loopback, private, link-local, CGNAT and metadata addresses: for the
   * operator's own base URL, or when the operator sets `PLAYGROUND_ALLOW_PRIVATE_NETWORK=1`.
   */
  allowPrivateNetwork: boolean;
  /** Resolves host names at connect time; the system resolver unless a test stands in. */
  resolveHost?: ResolveHost;
};

const NULL_BODY_STATUSES = new Set([101, 204, 205, 304]);

/**
 * The network fetch for remote model providers. Only http: and https:; redirects are refused,
 * never followed (they would carry the Authorization header elsewhere); unless private
 * networks are allowed, an IP-literal host is checked before connecting and a host name at
 * connect time, against every address it resolves to. Refusals throw an `EgressRefusalError`.
 */
export function createEgressFetch(options: EgressFetchOptions): FetchFunction {
  const dispatcher = dispatcherFor(options);
  return async (input, init) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new EgressRefusalError({ code: 'scheme-not-allowed', protocol: url.protocol });
    if (!options.allowPrivateNetwork) {
      const refusal = findHostRefusal(url.hostname);
      if (refusal) throw new EgressRefusalError(refusal);
    }
    const response = await fetchWithUndici(url, {
      method: init?.method,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      body: readSendableBody(init?.body),
      signal: init?.signal,
      redirect: 'manual',
      dispatcher,
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      throw new EgressRefusalError({ code: 'redirect', status: response.status, location: resolveLocation(response.headers.get('location'), url) });
    }
    return toWebResponse(response);
  };
}

/**
 * Every turn builds a model client, so the connection pools are shared: one for the guarded
 * policy and one for the open one. A test's own resolver gets an agent of its own.
 */
const sharedDispatchers = new Map<boolean, Agent>();

function dispatcherFor(options: EgressFetchOptions): Agent {
  const create = () => new Agent(options.allowPrivateNetwork ? {} : { connect: { lookup: createGuardedLookup(options.resolveHost ?? resolveWithSystem) } });
  if (options.resolveHost) return create();
  let agent = sharedDispatchers.get(options.allowPrivateNetwork);
  if (!agent) {
    agent = create();
    sharedDispatchers.set(options.allowPrivateNetwork, agent);
  }
  return agent;
}

function resolveLocation(location: string | null, base: URL): string | undefined {
  if (location === null) return undefined;
  return URL.canParse(location, base) ? new URL(location, base).href : location;
}

/** The openai SDK sends JSON strings; anything else here is a programming error. */
function readSendableBody(body: RequestInit['body']): string | Uint8Array | ArrayBuffer | null | undefined {
  if (body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array || body instanceof ArrayBuffer) return body;
  throw new TypeError('The egress fetch sends string or byte bodies only.');
}

function toWebResponse(response: UndiciResponse): Response {
  // undici's body is the same web ReadableStream the global Response takes, under its own type declaration.
  const body = NULL_BODY_STATUSES.has(response.status) ? null : (response.body as unknown as ReadableStream<Uint8Array> | null);
  const headers = new Headers();
  response.headers.forEach((value, name) => headers.append(name, value));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * API keys typed into the run panel, each bound to the server it was typed for: a provider and a
 * base URL. A session, fork, preset or draft that names another base URL finds no key for it, so a
 * stranger's link can never route a visitor's key to the stranger's server. Keys live in memory
 * and the tab's sessionStorage only (gone when the tab closes), never in localStorage, a share
 * link, a draft, a fork handoff or the URL.
 */
export type KeyedProvider = 'openai' | 'openai-compatible' | 'anthropic' | 'gemini';

/** One key and where it may go; `baseURL` as `normalizeBaseUrl` writes it ('' for OpenAI: the server's own base URL). */
export type ApiKeyBinding = { provider: KeyedProvider; baseURL: string; key: string };

export type ApiKeyRing = readonly ApiKeyBinding[];

const STORAGE_KEY = 'playground:api-keys:v2';
/** Where keys were kept before they were bound to a base URL; removed on sight, since nobody knows where they were meant to go. */
const UNBOUND_STORAGE_KEY = 'playground:api-keys';

/**
 * The form a base URL is compared in: trimmed, scheme and host lower-cased (as `URL` writes them),
 * without trailing slashes. Text that is not a URL is compared as typed (trimmed).
 */
export function normalizeBaseUrl(baseURL: string): string {
  const trimmed = baseURL.trim();
  if (!URL.canParse(trimmed)) return trimmed;
  return new URL(trimmed).href.replace(/\/+$/, '');
}

/** The key typed for exactly this provider and base URL; '' when there is none. */
export function findApiKey(ring: ApiKeyRing, provider: KeyedProvider, baseURL: string): string {
  const target = normalizeBaseUrl(baseURL);
  return ring.find((binding) => binding.provider === provider && binding.baseURL === target)?.key ?? '';
}

/** The ring with `key` bound to this provider and base URL (an empty key removes the binding). */
export function bindApiKey(ring: ApiKeyRing, binding: ApiKeyBinding): ApiKeyRing {
  const baseURL = normalizeBaseUrl(binding.baseURL);
  const others = ring.filter((entry) => !(entry.provider === binding.provider && entry.baseURL === baseURL));
  return binding.key === '' ? others : [...others, { provider: binding.provider, baseURL, key: binding.key }];
}

/** Where requests of this provider go, in words: the URL, or the server's own OpenAI base URL. */
export function describeDestination(provider: KeyedProvider, baseURL: string): string {
  const normalized = normalizeBaseUrl(baseURL);
  if (provider === 'openai' && normalized === '') return "the server's OpenAI base URL (its OPENAI_BASE_URL, else https://api.openai.com/v1)";
  if (provider === 'anthropic' && normalized === '') return "the server's Anthropic base URL (its ANTHROPIC_BASE_URL, else https://api.anthropic.com)";
  if (provider === 'gemini' && normalized === '') return "the server's Gemini base URL (its GEMINI_BASE_URL, else https://generativelanguage.googleapis.com)";
  return URL.canParse(normalized) ? `${new URL(normalized).host} (${normalized})` : normalized || 'no base URL yet';
}

export function readSessionApiKeys(storage: Pick<Storage, 'getItem' | 'removeItem'>): ApiKeyRing {
  storage.removeItem(UNBOUND_STORAGE_KEY);
  const text = storage.getItem(STORAGE_KEY);
  return text ? parseStoredRing(text) : [];
}

export function writeSessionApiKeys(storage: Pick<Storage, 'setItem' | 'removeItem'>, ring: ApiKeyRing): void {
  if (ring.length === 0) storage.removeItem(STORAGE_KEY);
  else storage.setItem(STORAGE_KEY, JSON.stringify(ring));
}

function parseStoredRing(text: string): ApiKeyRing {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    console.warn('Ignoring unreadable stored API keys:', error);
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.filter(
    (entry): entry is ApiKeyBinding =>
      typeof entry === 'object' &&
      entry !== null &&
      (entry.provider === 'openai' || entry.provider === 'openai-compatible' || entry.provider === 'anthropic' || entry.provider === 'gemini') &&
      typeof entry.baseURL === 'string' &&
      typeof entry.key === 'string' &&
      entry.key !== '',
  );
}

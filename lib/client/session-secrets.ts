/**
 * API keys typed into the run panel. They live in sessionStorage only (gone when the tab
 * closes), never in localStorage, a share link or the URL.
 */
export type StoredApiKeys = { openai: string; compatible: string };

const STORAGE_KEY = 'playground:api-keys';

export function readSessionApiKeys(storage: Pick<Storage, 'getItem'>): StoredApiKeys {
  const empty = { openai: '', compatible: '' };
  const text = storage.getItem(STORAGE_KEY);
  if (!text) return empty;
  const parsed = parseStoredKeys(text);
  return parsed ?? empty;
}

export function writeSessionApiKeys(storage: Pick<Storage, 'setItem' | 'removeItem'>, keys: StoredApiKeys): void {
  if (keys.openai === '' && keys.compatible === '') {
    storage.removeItem(STORAGE_KEY);
    return;
  }
  storage.setItem(STORAGE_KEY, JSON.stringify(keys));
}

function parseStoredKeys(text: string): StoredApiKeys | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    console.warn('Ignoring unreadable stored API keys:', error);
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  return {
    openai: typeof record.openai === 'string' ? record.openai : '',
    compatible: typeof record.compatible === 'string' ? record.compatible : '',
  };
}

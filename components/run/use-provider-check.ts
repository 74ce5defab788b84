'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { checkProviderSettings } from '@/lib/client/api';
import type { ProviderCheckAnswer, ProviderCheckRequest } from '@/lib/models';

/** What the fields under the base URL say about it. */
export type ProviderCheckState =
  | { kind: 'idle' }
  | { kind: 'checking' }
  | { kind: 'answered'; answer: ProviderCheckAnswer }
  /** The check itself could not be made (the playground's server refused it or is gone). */
  | { kind: 'failed'; message: string };

/** Typing pauses this long before the fields are checked. */
const CHECK_DELAY_MS = 800;

/**
 * Checks a provider's base URL and key through the server once the user changed them and paused
 * (or left the field, or pressed Check); never for values merely loaded, so opening the page
 * sends nothing to a provider. A newer check aborts an older one.
 */
export function useProviderCheck(request: ProviderCheckRequest | null): { state: ProviderCheckState; check: (force: boolean) => void } {
  const [state, setState] = useState<{ key: string; view: ProviderCheckState }>({ key: '', view: { kind: 'idle' } });
  // No request: this provider has no check, and nothing is ever sent.
  const key = request ? JSON.stringify([request.provider, request.baseURL, request.apiKey ?? '']) : '';
  const latest = useRef({ request, key });
  const checked = useRef<string | null>(null);
  const loaded = useRef(key);
  const inFlight = useRef<AbortController | null>(null);

  useEffect(() => {
    latest.current = { request, key };
  });

  const check = useCallback((force: boolean) => {
    const { request: current, key: currentKey } = latest.current;
    if (!current) return;
    // Leaving a field unchanged checks nothing: only what the user changed, or asked for, is sent.
    if (!force && (checked.current === currentKey || loaded.current === currentKey)) return;
    checked.current = currentKey;
    inFlight.current?.abort();
    const controller = new AbortController();
    inFlight.current = controller;
    setState({ key: currentKey, view: { kind: 'checking' } });
    void checkProviderSettings(current, controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      const view: ProviderCheckState = result.ok
        ? { kind: 'answered', answer: result.value }
        : { kind: 'failed', message: `The check could not be made: ${result.error.message}` };
      setState({ key: currentKey, view });
    });
  }, []);

  useEffect(() => {
    if (key === loaded.current) return;
    loaded.current = '';
    inFlight.current?.abort();
    const timer = setTimeout(() => check(false), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [key, check]);

  useEffect(() => () => inFlight.current?.abort(), []);

  // An answer about other values than those shown would mislead: it goes when they change.
  return { state: state.key === key ? state.view : { kind: 'idle' }, check };
}

'use client';

import { useEffect, useState } from 'react';
import { fetchOperatorMcpServers, type OperatorMcpServer } from '@/lib/client/api';

export type OperatorServers = { status: 'loading' } | { status: 'loaded'; servers: OperatorMcpServer[] } | { status: 'failed'; message: string };

/** The servers the operator lists in `mcp.json`, fetched once when Sources first shows. */
export function useOperatorMcpServers(): OperatorServers {
  const [state, setState] = useState<OperatorServers>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    void fetchOperatorMcpServers(controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setState(result.ok ? { status: 'loaded', servers: result.value } : { status: 'failed', message: result.error.message });
    });
    return () => controller.abort();
  }, []);
  return state;
}

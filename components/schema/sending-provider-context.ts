'use client';

import { createContext } from 'react';
import type { SendingProvider } from '@/lib/client';

/** The provider whose wire the schema cards show each tool in: the run panel's, provided by the page. */
export const SendingProviderContext = createContext<SendingProvider>('openai');

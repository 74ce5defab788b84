import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Script from 'next/script';
import type { ReactNode } from 'react';
import { NONCE_HEADER } from '@/lib/server/create-content-security-policy';
import './globals.css';

export const metadata: Metadata = {
  title: 'Tool Runtime Playground',
  description: 'Write agent tools, see the schemas the model gets, and watch the runtime handle every call.',
};

// Runs before paint so the stored or preferred theme applies without a flash.
const THEME_SCRIPT = `(function(){try{var t=localStorage.getItem('playground:theme');var d=t?t==='dark':matchMedia('(prefers-color-scheme: dark)').matches;document.documentElement.classList.toggle('dark',d);}catch(e){document.documentElement.classList.remove('dark');}})();`;

// Reading the request's nonce makes every page dynamic: the policy is per response.
export default async function RootLayout({ children }: { children: ReactNode }) {
  const nonce = (await headers()).get(NONCE_HEADER) ?? undefined;
  return (
    <html lang="en" suppressHydrationWarning>
      <body>
        <Script id="theme" strategy="beforeInteractive" nonce={nonce}>
          {THEME_SCRIPT}
        </Script>
        {children}
      </body>
    </html>
  );
}

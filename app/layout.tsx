import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Script from 'next/script';
import type { ReactNode } from 'react';
import { NONCE_HEADER } from '@/lib/server/policy';
import './globals.css';

const DESCRIPTION = 'Write agent tools, see the schemas the model gets, and watch the runtime handle every call.';

/**
 * Links pasted into chat apps preview with a title, a description and `opengraph-image.png`,
 * whose absolute address is built from the host the page was asked for.
 */
export async function generateMetadata(): Promise<Metadata> {
  return {
    metadataBase: readPublicOrigin(await headers()),
    title: 'Tool Runtime Playground',
    description: DESCRIPTION,
    openGraph: { type: 'website', siteName: 'Tool Runtime Playground', title: 'Tool Runtime Playground', description: DESCRIPTION },
    twitter: { card: 'summary_large_image' },
  };
}

/** The origin visitors reach this server at: the Host header, and the proxy's scheme when the proxy is trusted. */
function readPublicOrigin(requestHeaders: Headers): URL | undefined {
  const host = requestHeaders.get('host');
  if (!host || !/^[A-Za-z0-9.[\]:-]+$/.test(host)) return undefined;
  const forwarded = Number(process.env.PLAYGROUND_TRUST_PROXY ?? 0) > 0 ? requestHeaders.get('x-forwarded-proto') : null;
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : 'http';
  return new URL(`${scheme}://${host}`);
}

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

import type { NextConfig } from 'next';
import { listDevOrigins, API_SECURITY_HEADERS, SECURITY_HEADERS } from './lib/server/policy';

const nextConfig: NextConfig = {
  reactStrictMode: true,
  // `npm run dev` is opened at 127.0.0.1 and at the network address it prints as often as at localhost.
  allowedDevOrigins: listDevOrigins(),
  // The sandbox loads QuickJS's WASM file and the Zod prelude from disk at run time.
  serverExternalPackages: ['undici', 're2js', 'quickjs-emscripten-core', '@jitl/quickjs-wasmfile-release-sync', 'esbuild', 'sucrase', '@electric-sql/pglite', 'pg'],
  // Pages get their Content-Security-Policy (with a per-request nonce) from proxy.ts; the routes
  // server.mjs serves itself (lib/server/http/direct-routes.ts) add the same headers.
  async headers() {
    return [
      { source: '/:path*', headers: [...SECURITY_HEADERS] },
      { source: '/api/:path*', headers: [...API_SECURITY_HEADERS] },
    ];
  },
};

export default nextConfig;

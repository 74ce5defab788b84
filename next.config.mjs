/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // The sandbox loads QuickJS's WASM file and the Zod prelude from disk at run time.
  serverExternalPackages: ['undici', 're2js', 'quickjs-emscripten-core', '@jitl/quickjs-wasmfile-release-sync', 'esbuild', 'sucrase', '@electric-sql/pglite', 'pg'],
  // Pages get their Content-Security-Policy (with a per-request nonce) from proxy.ts.
  async headers() {
    const everywhere = [
      { key: 'X-Content-Type-Options', value: 'nosniff' },
      { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
      { key: 'X-Frame-Options', value: 'DENY' },
    ];
    return [
      { source: '/:path*', headers: everywhere },
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: "default-src 'none'; frame-ancestors 'none'" }] },
    ];
  },
};

export default nextConfig;

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // The sandbox loads QuickJS's WASM file and the Zod prelude from disk at run time.
  serverExternalPackages: ['quickjs-emscripten-core', '@jitl/quickjs-wasmfile-release-sync', 'esbuild', 'sucrase', '@electric-sql/pglite', 'pg'],
};

export default nextConfig;

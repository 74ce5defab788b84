export const SANDBOX_WORKER_FILE: string;
export function buildSandboxWorker(): Promise<void>;
export const NODE_BUNDLE_OPTIONS: import('esbuild').BuildOptions;

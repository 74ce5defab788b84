export const SANDBOX_WORKER_FILE: string;
export function buildSandboxWorker(): Promise<void>;

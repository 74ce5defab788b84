// Server-only: how long host-side work inside a sandbox worker tells its watchdog it is alive.

let reporter: () => void = () => undefined;

/**
 * Installed by the sandbox worker: stamps the heartbeat its pool's watchdog reads. Work whose
 * length a module sets but whose steps are the host's own (checking each of 4,000 tools) reports
 * between steps, so a long but bounded compile is not mistaken for code that cannot be interrupted.
 * User code never reports: the QuickJS deadline bounds it, the watchdog ends what that cannot.
 */
export function setProgressReporter(report: () => void): void {
  reporter = report;
}

/** One step of bounded host work is done. */
export function reportProgress(): void {
  reporter();
}

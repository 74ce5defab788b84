// Server-only: read by next.config.ts when `next dev` starts.
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';

/**
 * The hosts `next dev` may be opened at besides `localhost`, for its `allowedDevOrigins`: the
 * loopback addresses and every address of this machine's interfaces (the "Network:" address
 * Next prints is one of them). Without them Next refuses its dev resources (the HMR socket, the
 * chunks) to a page opened at `http://127.0.0.1:3000`, which then never gets past "Loading editor…".
 */
export function listDevOrigins(interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces()): string[] {
  const addresses = Object.values(interfaces)
    .flatMap((entries) => entries ?? [])
    .map((entry) => (entry.family === 'IPv6' ? `[${entry.address}]` : entry.address));
  return [...new Set(['127.0.0.1', '[::1]', ...addresses])];
}

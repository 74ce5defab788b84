// Server-only: what a stored row keeps of the address that wrote it.
import { createHash } from 'node:crypto';

/** A stable, non-reversible key for an address: enough to count its storage quota, not to learn the address from the database. */
export function hashClientAddress(address: string): string {
  return createHash('sha256').update(`tool-runtime-playground:${address}`).digest('base64url').slice(0, 22);
}

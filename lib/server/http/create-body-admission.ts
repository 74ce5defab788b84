// Server-only: how many request bodies, and how many of their bytes, may be arriving at once.
import { err, ok, type Result } from '@/lib/runtime';
import { BODY_LIMITS } from './body-limits';

/** The largest body any route takes: what a body that declares no length may become. */
export const LARGEST_BODY_BYTES = Math.max(...Object.values(BODY_LIMITS).map((limits) => limits.bytes));

/**
 * Bodies being received, bounded before reading starts (the README's limits table lists each).
 * A body reserves the bytes it declares (`Content-Length`, capped at the largest route limit; a
 * chunked one reserves that limit) until it has arrived or its request ended.
 */
export const BODY_ADMISSION_LIMITS = {
  /** Bodies one address may be sending at once. */
  bodiesPerAddress: 8,
  /** Bytes one address may have in flight: two of the largest bodies. */
  bytesPerAddress: 2 * LARGEST_BODY_BYTES,
  /** Bytes in flight over every address: what the server holds for bodies at most (each is also parsed). */
  bytesTotal: 96_000_000,
  /**
   * Bodies this small are never refused for the overall bytes (only by the per-address bounds), so
   * a crowd of large bodies cannot keep a visitor's compile or small turn out.
   */
  smallBodyBytes: 256_000,
  /** A body usually arrives within seconds; a slow one may hold its reservation up to the 60 s request timeout. */
  retryAfterSeconds: 2,
} as const;

export type BodyAdmissionLimits = { readonly [K in keyof typeof BODY_ADMISSION_LIMITS]: number };

/** Which bound refused a body. */
export type BodyAdmissionLimitName = 'request-bodies-per-address' | 'request-body-bytes-per-address' | 'request-body-bytes-total';

/** A refusal: the bound, its HTTP status (429 for the address's own bounds, 503 for the server's), and the words the user sees. */
export type BodyAdmissionRefusal = { limit: BodyAdmissionLimitName; status: 429 | 503; message: string; retryAfterSeconds: number };

export type BodyAdmission = {
  /** Reserves `bytes` for a body from `address`, or refuses; call the release once the body arrived or its request ended (twice is harmless). */
  admit(options: { address: string; bytes: number }): Result<() => void, BodyAdmissionRefusal>;
  /** Bodies and bytes in flight, in all and for `address`. */
  inFlight(address?: string): { bodies: number; bytes: number };
};

/** The bytes a body reserves: what it declares, capped at the largest route limit (a longer one is refused by its route with 413 unread). */
export function reservedBodyBytes(contentLength: string | undefined): number {
  const declared = contentLength === undefined ? Number.NaN : Number(contentLength);
  return Number.isFinite(declared) && declared >= 0 ? Math.min(declared, LARGEST_BODY_BYTES) : LARGEST_BODY_BYTES;
}

export function createBodyAdmission(limits: BodyAdmissionLimits = BODY_ADMISSION_LIMITS): BodyAdmission {
  const perAddress = new Map<string, { bodies: number; bytes: number }>();
  let totalBytes = 0;
  let totalBodies = 0;
  const refuse = (limit: BodyAdmissionLimitName) => err(describeBodyAdmissionRefusal(limit, limits));
  return {
    admit({ address, bytes }) {
      const held = perAddress.get(address) ?? { bodies: 0, bytes: 0 };
      if (held.bodies + 1 > limits.bodiesPerAddress) return refuse('request-bodies-per-address');
      if (held.bytes + bytes > limits.bytesPerAddress) return refuse('request-body-bytes-per-address');
      if (bytes > limits.smallBodyBytes && totalBytes + bytes > limits.bytesTotal) return refuse('request-body-bytes-total');
      held.bodies += 1;
      held.bytes += bytes;
      perAddress.set(address, held);
      totalBodies += 1;
      totalBytes += bytes;
      let released = false;
      return ok(() => {
        if (released) return;
        released = true;
        held.bodies -= 1;
        held.bytes -= bytes;
        totalBodies -= 1;
        totalBytes -= bytes;
        if (held.bodies === 0) perAddress.delete(address);
      });
    },
    inFlight(address) {
      if (address === undefined) return { bodies: totalBodies, bytes: totalBytes };
      const held = perAddress.get(address);
      return { bodies: held?.bodies ?? 0, bytes: held?.bytes ?? 0 };
    },
  };
}

/** The refusal for `limit`, its message ending with when to retry. */
export function describeBodyAdmissionRefusal(limit: BodyAdmissionLimitName, limits: BodyAdmissionLimits = BODY_ADMISSION_LIMITS): BodyAdmissionRefusal {
  const retry = ` Retry in ${limits.retryAfterSeconds} s.`;
  const megabytes = (bytes: number) => `${Math.round(bytes / 1_000_000)} MB`;
  switch (limit) {
    case 'request-bodies-per-address':
      return { limit, status: 429, retryAfterSeconds: limits.retryAfterSeconds, message: `Too many request bodies are arriving from your address at once: at most ${limits.bodiesPerAddress}.${retry}` };
    case 'request-body-bytes-per-address':
      return { limit, status: 429, retryAfterSeconds: limits.retryAfterSeconds, message: `Too much request data is arriving from your address at once: at most ${megabytes(limits.bytesPerAddress)}.${retry}` };
    case 'request-body-bytes-total':
      return { limit, status: 503, retryAfterSeconds: limits.retryAfterSeconds, message: `The server is receiving its maximum of ${megabytes(limits.bytesTotal)} of request bodies at once.${retry}` };
  }
}

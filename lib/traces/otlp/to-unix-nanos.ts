/**
 * A time in milliseconds since the Unix epoch (fractions kept to the nanosecond) as OTLP JSON's
 * `…UnixNano`: a decimal string, since it is past 2^53.
 */
export function toUnixNanos(epochMs: number, offsetMs = 0): string {
  const whole = Math.floor(epochMs);
  const fraction = epochMs - whole + offsetMs;
  return (BigInt(whole) * 1_000_000n + BigInt(Math.round(fraction * 1_000_000))).toString();
}

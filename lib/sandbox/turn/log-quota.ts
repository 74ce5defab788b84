import { SANDBOX_LIMITS } from '@/lib/contract';

/** Lets log lines through until a line or byte budget is spent, then one "log truncated" line. */
export type LogQuota = { admit(lines: readonly string[]): string[] };

const MAX_LINE_CHARACTERS = SANDBOX_LIMITS.log.charactersPerLine;

export function createLogQuota(maxLines: number, maxBytes: number, scope: 'call' | 'turn'): LogQuota {
  let lines = 0;
  let bytes = 0;
  let truncated = false;
  return {
    admit(incoming) {
      const admitted: string[] = [];
      for (const raw of incoming) {
        if (truncated) break;
        const line = raw.length > MAX_LINE_CHARACTERS ? `${raw.slice(0, MAX_LINE_CHARACTERS)}… (${raw.length - MAX_LINE_CHARACTERS} more characters)` : raw;
        const size = Buffer.byteLength(line, 'utf8');
        if (lines + 1 > maxLines || bytes + size > maxBytes) {
          truncated = true;
          admitted.push(`log truncated: a ${scope} may log at most ${maxLines} lines or ${Math.round(maxBytes / 1024)} KB; later lines were dropped.`);
          break;
        }
        lines += 1;
        bytes += size;
        admitted.push(line);
      }
      return admitted;
    },
  };
}

import type { ToolTokens } from '@/lib/runtime';

/** What deferral saved against loading every tool up front; never negative. */
export function computeSavings(tokens: ToolTokens): { saved: number; percent: number; sentFraction: number } {
  const saved = Math.max(tokens.allLoaded - tokens.sent, 0);
  const percent = tokens.allLoaded === 0 ? 0 : Math.round((saved / tokens.allLoaded) * 100);
  const sentFraction = tokens.allLoaded === 0 ? 1 : Math.min(tokens.sent / tokens.allLoaded, 1);
  return { saved, percent, sentFraction };
}

/** A token count with thousands separators, the same on server and client render. */
export function formatTokens(count: number): string {
  return count.toLocaleString('en-US');
}

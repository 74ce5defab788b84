/** About four characters a token: enough for a usage figure from an offline model. */
export function estimateTokens(chars: number): number {
  return Math.max(1, Math.ceil(chars / 4));
}

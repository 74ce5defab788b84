/** Base URLs compared as the SDK uses them: parsed, without a trailing slash. */
export function isSameBaseURL(left: string, right: string): boolean {
  const normalize = (value: string) => (URL.canParse(value) ? new URL(value).href.replace(/\/+$/, '') : value);
  return normalize(left) === normalize(right);
}

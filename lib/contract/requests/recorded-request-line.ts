/**
 * What a recorded exchange may say about where its request went. The server records URLs as
 * `URL.href` writes them (percent-encoded, so visible ASCII only) and methods as the SDK sends
 * them; a URL or method outside that came from somewhere else (a hand-edited session file), and
 * is refused on import rather than carried into the curl and SDK code the page writes from it.
 */

/** An RFC 9110 token: the characters an HTTP method may have. */
const HTTP_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]{1,16}$/;

/** Visible ASCII only: no spaces, controls, line separators or invisible characters. */
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/** Whether `method` is an HTTP method a request line can carry (a token of at most 16 characters). */
export function isHttpMethod(method: string): boolean {
  return HTTP_TOKEN.test(method);
}

/** Whether `url` is an absolute http(s) URL written as `URL.href` would write it: visible ASCII only. */
export function isRecordedUrl(url: string): boolean {
  if (!VISIBLE_ASCII.test(url) || !URL.canParse(url)) return false;
  const { protocol } = new URL(url);
  return protocol === 'http:' || protocol === 'https:';
}

export const RECORDED_URL_MESSAGE = 'url must be an absolute http(s) URL of visible ASCII characters (percent-encoded, as a recording writes it).';
export const RECORDED_METHOD_MESSAGE = 'method must be an HTTP method (a token such as POST).';

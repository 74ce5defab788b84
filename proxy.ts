import { NextResponse, type NextRequest } from 'next/server';
import { createContentSecurityPolicy, NONCE_HEADER } from '@/lib/server/policy';

/**
 * Gives every page request a fresh nonce and its Content-Security-Policy. Next reads the policy
 * from the request headers and puts the nonce on its own scripts; the layout reads `x-nonce`.
 */
export function proxy(request: NextRequest): NextResponse {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const policy = createContentSecurityPolicy({ nonce, development: process.env.NODE_ENV === 'development' });
  const headers = new Headers(request.headers);
  headers.set(NONCE_HEADER, nonce);
  headers.set('content-security-policy', policy);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('content-security-policy', policy);
  return response;
}

export const config = {
  // API routes get their static policy from next.config.ts (and keep unbuffered bodies); assets need none.
  matcher: ['/((?!api/|_next/static/|_next/image|monaco/|favicon.ico|icon.svg).*)'],
};

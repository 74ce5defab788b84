/** Why a session operation failed; `code` is closed so routes map it to a status without parsing text. */
export type SessionError = {
  code: 'unknown-turn' | 'not-found' | 'invalid' | 'too-large' | 'unreadable' | 'quota' | 'busy' | 'storage-failed' | 'forbidden';
  message: string;
};

/** The HTTP status each failure answers with. */
export function statusForSessionError(error: SessionError): 400 | 403 | 404 | 410 | 413 | 422 | 429 | 503 {
  switch (error.code) {
    case 'unknown-turn':
      return 422;
    case 'not-found':
      return 404;
    case 'invalid':
      return 400;
    case 'too-large':
      return 413;
    case 'unreadable':
      return 410;
    case 'quota':
      return 429;
    case 'busy':
    case 'storage-failed':
      return 503;
    case 'forbidden':
      return 403;
  }
}

/** A thrown infrastructure failure as a value the route can answer with. */
export function describeStorageFailure(error: unknown): SessionError {
  console.error('Session storage failed:', error);
  return { code: 'storage-failed', message: `The session database is unavailable: ${error instanceof Error ? error.message : String(error)}` };
}

// Server-only: the process's session store, chosen from the environment (PostgreSQL with DATABASE_URL,
// else the embedded PGlite), with records checked in the sandbox pool; finished turns kept for Share.
export { saveFinishedTurn } from './finished-turns';
export { getSessionChecker, getSessionStore, withSessionStore } from './get-session-store';

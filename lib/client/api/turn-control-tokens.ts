/**
 * The control tokens of the turns this page started (the `turn-control-token` header of each
 * stream), by turn id. Approvals, typed outputs, Stop and the exchanges inspector send a turn's
 * token back; the server refuses them without it. Kept in memory only: a reload forgets them.
 */
export const TURN_CONTROL_HEADER = 'turn-control-token';

const tokens = new Map<string, string>();

/** Remembers the token a turn's stream answered with. */
export function rememberTurnControl(response: Pick<Response, 'headers'>): void {
  const turnId = response.headers.get('x-turn-id');
  const token = response.headers.get(TURN_CONTROL_HEADER);
  if (turnId && token) tokens.set(turnId, token);
}

/** The headers a control request for `turnId` carries: its token, when this page started it. */
export function turnControlHeaders(turnId: string): Record<string, string> {
  const token = tokens.get(turnId);
  return token ? { [TURN_CONTROL_HEADER]: token } : {};
}

export { ExchangeBody, RENDERED_BODY_CHARS } from './exchange-body';
export { ExchangeDetail } from './exchange-detail';
export { ExchangeViewer } from './exchange-viewer';
export { ExchangesContext, createTapeExchangesLoader } from './exchanges-context';
export { InspectableTurn, InspectedTurnContext } from './inspectable-turn';
export { describeInspectedTurn, matchExchange } from './match-exchange';
export type { InspectedTurn } from './match-exchange';
export { McpExchangesRow } from './mcp-exchanges-row';

export { ContextMeter } from './context-meter';
export { TokenBar } from './token-bar';
export { computeSavings, formatTokens } from './token-savings';

export type { TurnControls } from './turn-controls';
export { TurnEndBanner } from './turn-end-banner';
export { TurnHeader } from './turn-header';
export { TurnSection } from './turn-section';
export { useTurnClock } from './use-turn-clock';

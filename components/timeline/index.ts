export { Timeline } from './timeline';
export type { TimelineProps } from './timeline';

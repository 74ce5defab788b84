export { Timeline } from './timeline';

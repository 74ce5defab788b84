/** Layout of the timeline's lanes, apart from React. Pure and browser-safe. */
export { computeLaneLayout } from './lane-layout';

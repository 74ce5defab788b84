export { Playground } from './playground';
export { SharedSessionPlayground } from './shared-session-playground';

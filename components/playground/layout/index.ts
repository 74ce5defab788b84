export { PlaygroundColumns } from './playground-columns';
export { PanelToggles } from './resizable-columns';
export { SkipLinks } from './skip-links';
export { usePlaygroundLayout } from './use-playground-layout';

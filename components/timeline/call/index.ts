export { AppDifferencesContext } from './app-difference-notes';
export type { CallActions } from './call-actions';
export { CallCard } from './call-card';
export { formatDuration } from './call-status';
export { OutputViewer } from './output-viewer';
export { StreamedText } from './streamed-text';
export { ToolName } from './tool-name';

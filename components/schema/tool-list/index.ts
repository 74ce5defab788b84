export { AnswerByHandToggle } from './answer-by-hand-toggle';
export { ToolList } from './tool-list';

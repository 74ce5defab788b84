export { createArgumentChecker, createSchemaValidator } from './check-arguments';
export type { ArgumentCheck } from './check-arguments';

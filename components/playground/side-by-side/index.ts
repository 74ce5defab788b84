export { SideBySideColumns } from './side-by-side-columns';

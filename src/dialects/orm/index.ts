export { ORM_ERRORS, ormReader } from './reader.js';

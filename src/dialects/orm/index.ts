export { KYSELY_MESSAGES, ORM_ERRORS, ormReader } from './reader.js';
export { MONGOOSE_ERRORS, mongooseReader } from './mongoose.js';

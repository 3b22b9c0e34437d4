export { MONGODB_CODES, MONGODB_DRIVER_CLASSES, MONGODB_LABELS } from './codes.js';
export { mongodbReader, mongodbReplyReader } from './reader.js';

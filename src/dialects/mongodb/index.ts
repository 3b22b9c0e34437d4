export {
  ATLAS_MESSAGES,
  MONGODB_CODES,
  MONGODB_DRIVER_CLASSES,
  MONGODB_LABELS,
  atlasMeaning,
} from './codes.js';
export { mongodbReader, mongodbReplyReader } from './reader.js';

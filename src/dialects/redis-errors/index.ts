export {
  IOREDIS_MESSAGES,
  REDIS_CLIENT_CLASSES,
  REDIS_ERR_TEXTS,
  REDIS_PREFIXES,
  REDIS_REPLY_CLASSES,
  replyMeaning,
} from './prefixes.js';
export { redisReader } from './reader.js';

export { CLICKHOUSE_NAMES, CLICKHOUSE_WORDS, clickhouseMeaning } from './codes.js';
export { clickhouseReader } from './reader.js';

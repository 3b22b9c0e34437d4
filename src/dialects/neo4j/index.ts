export { NEO4J_STATUS_RULES, neo4jReader } from './reader.js';

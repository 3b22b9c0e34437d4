export { PRISMA_CLASSES, PRISMA_CODES, PRISMA_FAMILIES } from './codes.js';
export { prismaReader } from './reader.js';

/**
 * What every decoder uses, whichever readers it was given: the fetch `Response` test `tryDecode`
 * needs. Kept apart from the reader table so that a decoder built from a few readers carries
 * only those.
 */
export { isWebResponse } from '../dialects/http/web-globals.js';

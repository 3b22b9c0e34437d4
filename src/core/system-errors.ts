import type { ErrorCategory } from './categories.js';

/**
 * Node.js system error codes (and undici's fetch failures) by category. Listed by name so that
 * core needs no Node types; anything not listed stays `internal`.
 */
export const SYSTEM_ERROR_CATEGORIES: Readonly<Record<string, ErrorCategory>> = {
  ENOENT: 'not_found',
  EACCES: 'permission',
  EPERM: 'permission',
  EROFS: 'permission',
  EEXIST: 'conflict',
  ENOTEMPTY: 'conflict',
  EISDIR: 'validation',
  // The path does not exist as asked (a file where a directory should be), as with ENOENT.
  ENOTDIR: 'not_found',
  EINVAL: 'validation',
  ENAMETOOLONG: 'validation',
  ENOSPC: 'quota',
  EDQUOT: 'quota',
  ECONNREFUSED: 'unavailable',
  ECONNRESET: 'unavailable',
  ECONNABORTED: 'unavailable',
  EPIPE: 'unavailable',
  EHOSTUNREACH: 'unavailable',
  EHOSTDOWN: 'unavailable',
  ENETUNREACH: 'unavailable',
  ENETDOWN: 'unavailable',
  ENETRESET: 'unavailable',
  ENOTFOUND: 'unavailable',
  EAI_AGAIN: 'unavailable',
  EADDRNOTAVAIL: 'unavailable',
  EBUSY: 'unavailable',
  EAGAIN: 'unavailable',
  EMFILE: 'unavailable',
  ENFILE: 'unavailable',
  ETIMEDOUT: 'timeout',
  ESOCKETTIMEDOUT: 'timeout',
  ERR_STREAM_PREMATURE_CLOSE: 'unavailable',
  ERR_SOCKET_CLOSED: 'unavailable',
  UND_ERR_SOCKET: 'unavailable',
  UND_ERR_CLOSED: 'unavailable',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  ABORT_ERR: 'cancelled',
};

// A Set: asked of codes fresh off the wire, which it finds faster than an own-property check
// on an object does (a profile of decode).
const SYSTEM_CODES: ReadonlySet<string> = new Set(Object.keys(SYSTEM_ERROR_CATEGORIES));

/**
 * Whether `code` names a system error, one whose category its code alone says.
 * @internal
 */
export function isSystemErrorCode(code: unknown): boolean {
  return typeof code === 'string' && SYSTEM_CODES.has(code);
}

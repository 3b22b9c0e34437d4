import { decodedError } from '../../core/agent-error.js';
import type { AgentError } from '../../core/agent-error.js';
import type { ErrorCategory } from '../../core/categories.js';
import { readMember } from '../../core/is.js';

/**
 * Node.js system error codes (and undici's fetch failures) by category: the POSIX errno names
 * Node documents (nodejs.org/api/errors.html, "Common system errors"), its own `ERR_*` stream,
 * socket and TLS codes, the X509 certificate error codes its TLS layer sets (nodejs.org/api/
 * tls.html, "X509 certificate error codes"), and undici's `UND_ERR_*`. Listed by name so that the
 * folder needs no Node types; a code not listed is no system error here.
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
  // TLS: a handshake that fails (a plain-HTTP port answering, `EPROTO`) or a certificate that
  // cannot be trusted fails the same way on every try: the connection's security, not its load.
  EPROTO: 'protocol',
  ERR_SSL_WRONG_VERSION_NUMBER: 'protocol',
  ERR_TLS_CERT_ALTNAME_INVALID: 'protocol',
  ERR_TLS_HANDSHAKE_TIMEOUT: 'timeout',
  ...Object.fromEntries(
    [
      'UNABLE_TO_GET_ISSUER_CERT',
      'UNABLE_TO_GET_CRL',
      'UNABLE_TO_DECRYPT_CERT_SIGNATURE',
      'UNABLE_TO_DECRYPT_CRL_SIGNATURE',
      'UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY',
      'CERT_SIGNATURE_FAILURE',
      'CRL_SIGNATURE_FAILURE',
      'CERT_NOT_YET_VALID',
      'CERT_HAS_EXPIRED',
      'CRL_NOT_YET_VALID',
      'CRL_HAS_EXPIRED',
      'ERROR_IN_CERT_NOT_BEFORE_FIELD',
      'ERROR_IN_CERT_NOT_AFTER_FIELD',
      'ERROR_IN_CRL_LAST_UPDATE_FIELD',
      'ERROR_IN_CRL_NEXT_UPDATE_FIELD',
      'DEPTH_ZERO_SELF_SIGNED_CERT',
      'SELF_SIGNED_CERT_IN_CHAIN',
      'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      'CERT_CHAIN_TOO_LONG',
      'CERT_REVOKED',
      'INVALID_CA',
      'PATH_LENGTH_EXCEEDED',
      'INVALID_PURPOSE',
      'CERT_UNTRUSTED',
      'CERT_REJECTED',
      'HOSTNAME_MISMATCH',
    ].map((code) => [code, 'protocol' as const]),
  ),
};

// A Map: asked of codes fresh off the wire, which it finds faster than an own-property check
// on an object does (a profile of decode).
const SYSTEM_CATEGORY: ReadonlyMap<string, ErrorCategory> = new Map(
  Object.entries(SYSTEM_ERROR_CATEGORIES),
);

/**
 * Whether `code` names a system error, one whose category its code alone says.
 * @internal
 */
export function isSystemErrorCode(code: unknown): code is string {
  return typeof code === 'string' && SYSTEM_CATEGORY.has(code);
}

/**
 * A system error's details. Paths stay out: they name local files, which never belong in what is
 * sent to a peer.
 */
const SYSTEM_DETAIL_KEYS = ['syscall', 'errno', 'hostname', 'address', 'port'] as const;

/**
 * The reading of `error`, whose `code` is a system error's: the category its code says, its
 * `syscall`, `errno`, `hostname`, `address` and `port` in `details`, the `retryable` it states
 * when it states one (the source knows better than its code: an `ECONNRESET` on a request that
 * must not be sent twice), and the exposure mark (its message names hosts and files).
 * @internal
 */
export function systemError(error: object, code: string): AgentError {
  const details: Record<string, unknown> = {};
  for (const key of SYSTEM_DETAIL_KEYS) {
    const value = readMember(error, key);
    if (typeof value === 'string' || typeof value === 'number') details[key] = value;
  }
  const message = readMember(error, 'message');
  const retryable = readMember(error, 'retryable');
  return decodedError({
    message: typeof message === 'string' ? message : '',
    category: SYSTEM_CATEGORY.get(code) ?? 'internal',
    code,
    retryable: typeof retryable === 'boolean' ? retryable : undefined,
    retryAfterMs: undefined,
    details,
    wire: undefined,
    cause: error,
    unexpected: true,
  });
}

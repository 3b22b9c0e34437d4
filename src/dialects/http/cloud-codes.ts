import { meaning as m } from '../../core/meaning.js';
import type { Meaning } from '../../core/meaning.js';
import { readCodeWords } from './code-words.js';

const RATE_LIMITED = m('rate_limit', 'RATE_LIMITED');
const QUOTA = m('quota', 'QUOTA_EXCEEDED');
const UNAUTHENTICATED = m('auth', 'AUTH_ERROR');
const TOKEN_EXPIRED = m('auth', 'TOKEN_EXPIRED');
const INVALID = m('validation', 'VALIDATION_ERROR');
const CONFLICT = m('conflict', 'CONFLICT');
const INTERNAL = m('internal', 'SERVER_ERROR', true);
const RETRY_CONFLICT = m('conflict', 'CONFLICT', true);

/**
 * AWS error names (the `name` of an AWS SDK v3 service exception, the `x-amzn-errortype` header,
 * a JSON body's `__type`), from the AWS services' common errors and the SDK's own retry rules
 * (its throttling and transient error names): the names whose words say something else than
 * AWS means. The rest (`ThrottlingException`, `ResourceNotFoundException`, `NoSuchKey`,
 * `ExpiredTokenException`, …) are read by their words (code-words.ts).
 */
const AWS: ReadonlyMap<string, Meaning> = new Map([
  ['RequestLimitExceeded', RATE_LIMITED],
  ['TransactionInProgressException', RATE_LIMITED],
  ['BandwidthLimitExceeded', RATE_LIMITED],
  // Route 53: the previous change to the same resource is still in progress.
  ['PriorRequestNotComplete', RATE_LIMITED],
  ['UnrecognizedClientException', UNAUTHENTICATED],
  // "Unauthorized" is said loosely of refusals: AWS means the credential, under any status.
  ['NotAuthorized', UNAUTHENTICATED],
  ['UnauthorizedException', UNAUTHENTICATED],
  ['InvalidClientTokenId', UNAUTHENTICATED],
  ['RequestExpired', TOKEN_EXPIRED],
  ['OptInRequired', m('permission', 'PERMISSION_DENIED')],
  ['SerializationException', INVALID],
  // Bedrock Runtime (its API reference, "Errors"): a stream that broke mid-way, a 424 that says
  // "Retry your request".
  ['ModelStreamErrorException', INTERNAL],
  // "The request failed due to an error while processing the model" (424): the SDK's retry
  // rules do not name it, and the same input fails the same way.
  ['ModelErrorException', m('internal', 'SERVER_ERROR', false)],
  // S3's XML error codes (AmazonS3 API reference, "Error responses"): a 403 for a key or a
  // signature is a credential, not a permission; "A conflicting conditional operation … Try again".
  ['InvalidAccessKeyId', UNAUTHENTICATED],
  ['OperationAborted', RETRY_CONFLICT],
  // DynamoDB ("Error handling with DynamoDB"): another transaction holds the item, retry; an item
  // collection over its 10 GB is a size budget.
  ['TransactionConflictException', RETRY_CONFLICT],
  ['ReplicatedWriteConflictException', RETRY_CONFLICT],
  ['TransactionCanceledException', CONFLICT],
  ['ItemCollectionSizeLimitExceededException', QUOTA],
]);

/**
 * Azure error codes (the `x-ms-error-code` header, a body's `error.code`, an XML `<Code>`), from
 * the Azure Storage, Azure Resource Manager and Microsoft Graph common error codes, where they
 * mean something else than their words say; the rest (`ServerBusy`, `BlobNotFound`,
 * `AuthorizationFailure`, Graph's `quotaLimitReached`, …) are read by their words.
 */
const AZURE: ReadonlyMap<string, Meaning> = new Map([
  // Azure Resource Manager ("Troubleshoot common Azure deployment errors"): wait for the other
  // operation, then retry; `OperationNotAllowed` is its over-quota error; a size not offered here
  // (all sent as 409).
  ['AnotherOperationInProgress', RETRY_CONFLICT],
  ['OperationNotAllowed', QUOTA],
  ['SkuNotAvailable', INVALID],
]);

/**
 * What an AWS error name means (`ThrottlingException` → rate limit) by AWS's table, else by its
 * words under `status`, or `undefined`. Accepts the
 * forms the wire uses: `ThrottlingException:http://internal.amazon.com/…` (`x-amzn-errortype`)
 * and `com.amazon.coral.validate#ValidationException` (a JSON body's `__type`).
 */
export function awsErrorMeaning(name: string, status?: number): Meaning | undefined {
  const short = awsShortName(name);
  return AWS.get(short) ?? readCodeWords(short, status);
}

/**
 * Whether AWS's own table lists `name` (in any of the forms above): a name that says it is
 * AWS's, where one read by its words alone could be any library's (`NotFoundError`).
 */
export function isAwsTableName(name: string): boolean {
  return AWS.has(awsShortName(name));
}

/** An AWS error name without its namespace (`…#`) or the address after it (`:http://…`). */
function awsShortName(name: string): string {
  const colon = name.indexOf(':');
  const bare = colon < 0 ? name : name.slice(0, colon);
  const hash = bare.lastIndexOf('#');
  return hash < 0 ? bare.trim() : bare.slice(hash + 1).trim();
}

/**
 * What an Azure error code means by Azure's own table (`AnotherOperationInProgress` → a
 * conflict to retry), or `undefined`. Only the table: a body's `{ error: { code } }` is every
 * API's shape, read by its words as a provider body's.
 */
export function azureErrorMeaning(code: string): Meaning | undefined {
  return AZURE.get(code.trim());
}

/** An Azure code where only Azure sends it (`x-ms-error-code`): its table, else its words. */
export function azureHeaderMeaning(code: string, status?: number): Meaning | undefined {
  return azureErrorMeaning(code) ?? readCodeWords(code.trim(), status);
}

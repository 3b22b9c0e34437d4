import { meaning as m } from '../../core/meaning.js';
import type { Meaning } from '../../core/meaning.js';

const RATE_LIMITED = m('rate_limit', 'RATE_LIMITED');
const QUOTA = m('quota', 'QUOTA_EXCEEDED');
const UNAUTHENTICATED = m('auth', 'AUTH_ERROR');
const TOKEN_EXPIRED = m('auth', 'TOKEN_EXPIRED');
const FORBIDDEN = m('permission', 'PERMISSION_DENIED');
const NOT_FOUND = m('not_found', 'NOT_FOUND');
const INVALID = m('validation', 'VALIDATION_ERROR');
const CONFLICT = m('conflict', 'CONFLICT');
const UNAVAILABLE = m('unavailable', 'UNAVAILABLE');
const INTERNAL = m('internal', 'SERVER_ERROR', true);
const TIMEOUT = m('timeout', 'TIMEOUT');
const RETRY_CONFLICT = m('conflict', 'CONFLICT', true);

/**
 * AWS error names (the `name` of an AWS SDK v3 service exception, the `x-amzn-errortype` header,
 * a JSON body's `__type`), from the AWS services' common errors and the SDK's own retry rules
 * (its throttling and transient error names).
 */
const AWS: ReadonlyMap<string, Meaning> = new Map([
  ['ThrottlingException', RATE_LIMITED],
  ['Throttling', RATE_LIMITED],
  ['ThrottledException', RATE_LIMITED],
  ['TooManyRequestsException', RATE_LIMITED],
  ['RequestThrottled', RATE_LIMITED],
  ['RequestThrottledException', RATE_LIMITED],
  ['RequestLimitExceeded', RATE_LIMITED],
  ['ProvisionedThroughputExceededException', RATE_LIMITED],
  ['TransactionInProgressException', RATE_LIMITED],
  ['BandwidthLimitExceeded', RATE_LIMITED],
  ['SlowDown', RATE_LIMITED],
  ['EC2ThrottledException', RATE_LIMITED],
  // Route 53: the previous change to the same resource is still in progress.
  ['PriorRequestNotComplete', RATE_LIMITED],
  ['ServiceQuotaExceededException', QUOTA],
  ['LimitExceededException', QUOTA],
  ['UnrecognizedClientException', UNAUTHENTICATED],
  ['InvalidSignatureException', UNAUTHENTICATED],
  ['IncompleteSignature', UNAUTHENTICATED],
  ['InvalidClientTokenId', UNAUTHENTICATED],
  ['MissingAuthenticationToken', UNAUTHENTICATED],
  ['NotAuthorized', UNAUTHENTICATED],
  ['UnauthorizedException', UNAUTHENTICATED],
  ['ExpiredToken', TOKEN_EXPIRED],
  ['ExpiredTokenException', TOKEN_EXPIRED],
  ['RequestExpired', TOKEN_EXPIRED],
  ['AccessDenied', FORBIDDEN],
  ['AccessDeniedException', FORBIDDEN],
  ['OptInRequired', FORBIDDEN],
  ['ResourceNotFoundException', NOT_FOUND],
  ['NotFoundException', NOT_FOUND],
  ['NoSuchKey', NOT_FOUND],
  ['NoSuchBucket', NOT_FOUND],
  ['NotFound', NOT_FOUND],
  ['ValidationException', INVALID],
  ['ValidationError', INVALID],
  ['InvalidParameterException', INVALID],
  ['InvalidParameterValueException', INVALID],
  ['InvalidParameterValue', INVALID],
  ['InvalidRequestException', INVALID],
  ['SerializationException', INVALID],
  ['MalformedQueryString', INVALID],
  ['ConflictException', CONFLICT],
  ['ConditionalCheckFailedException', CONFLICT],
  ['ResourceInUseException', CONFLICT],
  ['ResourceConflictException', CONFLICT],
  ['ServiceUnavailable', UNAVAILABLE],
  ['ServiceUnavailableException', UNAVAILABLE],
  ['ServiceUnavailableError', UNAVAILABLE],
  ['ModelNotReadyException', UNAVAILABLE],
  ['InternalFailure', INTERNAL],
  ['InternalServerError', INTERNAL],
  ['InternalServerException', INTERNAL],
  ['InternalError', INTERNAL],
  ['RequestTimeout', TIMEOUT],
  ['RequestTimeoutException', TIMEOUT],
  ['ModelTimeoutException', TIMEOUT],
  // Bedrock Runtime (its API reference, "Errors"): a stream that broke mid-way, a 424 that says
  // "Retry your request".
  ['ModelStreamErrorException', INTERNAL],
  // "The request failed due to an error while processing the model" (424): the SDK's retry
  // rules do not name it, and the same input fails the same way.
  ['ModelErrorException', m('internal', 'SERVER_ERROR', false)],
  // S3's XML error codes (AmazonS3 API reference, "Error responses"): a 403 for a key or a
  // signature is a credential, not a permission; "A conflicting conditional operation … Try again".
  ['InvalidAccessKeyId', UNAUTHENTICATED],
  ['SignatureDoesNotMatch', UNAUTHENTICATED],
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
 * the Azure Storage, Azure Resource Manager and Microsoft Graph common error codes.
 */
const AZURE: ReadonlyMap<string, Meaning> = new Map([
  ['TooManyRequests', RATE_LIMITED],
  ['RequestThrottled', RATE_LIMITED],
  ['ServerBusy', m('unavailable', 'OVERLOADED')],
  ['AuthenticationFailed', UNAUTHENTICATED],
  ['InvalidAuthenticationInfo', UNAUTHENTICATED],
  ['NoAuthenticationInformation', UNAUTHENTICATED],
  ['ExpiredAuthenticationToken', TOKEN_EXPIRED],
  ['AuthorizationFailure', FORBIDDEN],
  ['AuthorizationPermissionMismatch', FORBIDDEN],
  ['AuthorizationFailed', FORBIDDEN],
  ['InsufficientAccountPermissions', FORBIDDEN],
  ['ResourceNotFound', NOT_FOUND],
  ['ResourceGroupNotFound', NOT_FOUND],
  ['BlobNotFound', NOT_FOUND],
  ['ContainerNotFound', NOT_FOUND],
  ['QueueNotFound', NOT_FOUND],
  ['DeploymentNotFound', NOT_FOUND],
  ['ResourceAlreadyExists', CONFLICT],
  ['BlobAlreadyExists', CONFLICT],
  ['ContainerAlreadyExists', CONFLICT],
  ['LeaseAlreadyPresent', CONFLICT],
  ['ConditionNotMet', CONFLICT],
  ['InvalidInput', INVALID],
  ['InvalidQueryParameterValue', INVALID],
  ['InvalidHeaderValue', INVALID],
  ['InvalidResourceName', INVALID],
  ['OutOfRangeInput', INVALID],
  ['QuotaExceeded', QUOTA],
  ['InternalError', INTERNAL],
  ['OperationTimedOut', TIMEOUT],
  // Azure Resource Manager ("Troubleshoot common Azure deployment errors"): wait for the other
  // operation, then retry; `OperationNotAllowed` is its over-quota error; a size not offered here
  // (all sent as 409).
  ['AnotherOperationInProgress', RETRY_CONFLICT],
  ['OperationNotAllowed', QUOTA],
  ['SkuNotAvailable', INVALID],
  // Microsoft Graph (learn.microsoft.com/graph/errors): a full drive, sent as 507.
  ['quotaLimitReached', QUOTA],
]);

/**
 * What an AWS error name means (`ThrottlingException` → rate limit), or `undefined`. Accepts the
 * forms the wire uses: `ThrottlingException:http://internal.amazon.com/…` (`x-amzn-errortype`)
 * and `com.amazon.coral.validate#ValidationException` (a JSON body's `__type`).
 */
export function awsErrorMeaning(name: string): Meaning | undefined {
  const colon = name.indexOf(':');
  const bare = colon < 0 ? name : name.slice(0, colon);
  const hash = bare.lastIndexOf('#');
  return AWS.get(hash < 0 ? bare.trim() : bare.slice(hash + 1).trim());
}

/** What an Azure error code means (`ServerBusy` → overloaded), or `undefined`. */
export function azureErrorMeaning(code: string): Meaning | undefined {
  return AZURE.get(code.trim());
}

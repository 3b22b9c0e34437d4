import type { Reader } from '../../core/reader.js';
import type { DatabaseMeaning } from '../database/meaning.js';
import { databaseError, meaning as m } from '../database/meaning.js';

const BAD_INPUT = m('validation', 'DB_INVALID_STATEMENT');
const BUSY = m('conflict', 'DB_OBJECT_IN_USE');
const CODE_BUG = m('internal', 'DB_ERROR');

/**
 * Mongoose's own errors (`mongoose.Error.*`, its `lib/error/`), by class name. Source: Mongoose 9
 * API, "MongooseError" and the error classes under it. A MongoDB server error reaches the caller
 * as the driver's own class (`MongoServerError`, read by the mongodb reader); these are what
 * Mongoose raises itself, mostly before any command is sent.
 */
export const MONGOOSE_ERRORS: ReadonlyMap<string, DatabaseMeaning> = new Map(
  Object.entries({
    // The values break the schema: casting, validators, strict mode, the arguments' shape.
    CastError: m('validation', 'DB_DATA_EXCEPTION'),
    ValidationError: m('validation', 'DB_CONSTRAINT_VIOLATION'),
    ValidatorError: m('validation', 'DB_CONSTRAINT_VIOLATION'),
    StrictModeError: BAD_INPUT,
    StrictPopulateError: BAD_INPUT,
    ObjectParameterError: BAD_INPUT,
    ObjectExpectedError: BAD_INPUT,
    InvalidSchemaOptionError: BAD_INPUT,
    SetOptionError: BAD_INPUT,
    // `insertMany` with `throwOnValidationError`: documents that failed validation.
    MongooseBulkWriteError: m('validation', 'DB_CONSTRAINT_VIOLATION'),
    // An array loaded with a projection (`$elemMatch`, `$slice`) cannot be saved whole.
    DivergentArrayError: BAD_INPUT,
    // `orFail()`, or a save that matched no document: it is not there.
    DocumentNotFoundError: m('not_found', 'DB_NO_DATA'),
    // Another writer changed the array since this document was read: read it again, change it
    // again (the whole unit of work).
    VersionError: m('conflict', 'DB_WRITE_CONFLICT', true),
    // The same document saved or validated twice at once: the code's own race.
    ParallelSaveError: BUSY,
    ParallelValidateError: BUSY,
    // A model not defined, or defined twice: the code is wrong.
    MissingSchemaError: CODE_BUG,
    OverwriteModelError: CODE_BUG,
    MongooseServerSelectionError: m('unavailable', 'DB_CONNECTION_ERROR', true),
  }),
);

/** An operation queued while disconnected past `bufferTimeoutMS`: "… buffering timed out …". */
const BUFFERING_TIMEOUT = m('timeout', 'DB_CONNECTION_ERROR', true);

/** Whether `value`'s prototype chain reaches Mongoose's base class (named on its prototype). */
function isMongooseError(value: object): boolean {
  let proto: unknown = Object.getPrototypeOf(value);
  for (let depth = 0; proto && depth < 5; depth += 1, proto = Object.getPrototypeOf(proto))
    if (Object.hasOwn(proto, 'name') && (proto as { name: unknown }).name === 'MongooseError')
      return true;
  return false;
}

/**
 * Mongoose's errors ({@link MONGOOSE_ERRORS}): instances whose class descends from
 * `MongooseError`, by their class name; the base class itself by its buffering timeout.
 */
export const mongooseReader: Reader = {
  name: 'Mongoose error',
  requires: ['name'],
  instancesOnly: true,
  recognise(view) {
    const name = view.name as string;
    if (!isMongooseError(view.input)) return undefined;
    const row =
      MONGOOSE_ERRORS.get(name) ??
      (String(view.message).includes('buffering timed out') ? BUFFERING_TIMEOUT : undefined);
    return row && databaseError(view.input, row, 'orm', { class: name });
  },
};

import type { Reader } from '../../core/reader.js';
import { databaseError, meaning as m } from '../database/meaning.js';
import { clickhouseMeaning } from './codes.js';

/** The server's printed exception: its number and, last, its name in parentheses. */
const PRINTED = /^Code: (\d+)\. DB::Exception: [\s\S]*?\(([A-Z][A-Z0-9_]{2,})\)/;
const NAME = /^[A-Z][A-Z0-9_]{2,}$/;

/**
 * ClickHouse's errors: `@clickhouse/client`'s `ClickHouseError` (`code` the number as text,
 * `type` its name; the class keeps the name `Error`), or any error whose message is the server's
 * printed exception (`Code: 60. DB::Exception: … (UNKNOWN_TABLE)`). Read by the name's row
 * ({@link CLICKHOUSE_NAMES}), else its words. The client's abort is a plain `Error` saying "The
 * user aborted a request.".
 */
export const clickhouseReader: Reader = {
  name: 'ClickHouse error',
  requires: ['message'],
  recognise(view) {
    const message = view.message;
    if (typeof message !== 'string') return undefined;
    let code = view.code;
    let name = view.type;
    if (!(
      typeof code === 'string' &&
      /^\d+$/.test(code) &&
      typeof name === 'string' &&
      NAME.test(name)
    )) {
      const printed = PRINTED.exec(message);
      if (printed === null) {
        // The client's own abort: a plain `Error` (named so) with node-fetch's fixed text; other
        // clients keep that text in errors of their own (airtable.js's `AirtableError`).
        return view.instance &&
          view.name === 'Error' &&
          view.code === undefined &&
          message === 'The user aborted a request.'
          ? databaseError(view.input, m('cancelled', 'DB_QUERY_CANCELED'), 'clickhouse', {})
          : undefined;
      }
      code = printed[1];
      name = printed[2];
    }
    const row = clickhouseMeaning(name as string, message);
    return databaseError(view.input, row, 'clickhouse', { code: Number(code), name }, 'operation');
  },
};

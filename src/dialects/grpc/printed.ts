import { grpcRow } from './codes.js';

/**
 * What `String(err)` of a grpc-js `ServiceError` says: grpc-js builds its message as
 * `${code} ${Status[code]}: ${details}` (`src/call.ts`, `callErrorFromStatus`), so the printed
 * form is `Error: 14 UNAVAILABLE: No connection established`, and a log line often drops the
 * `Error: `. The number and the name must agree (the canonical table in `codes.ts`), so prose
 * that happens to start with a number is not taken for a status.
 */
const PRINTED_STATUS = /^(?:Error: )?(\d{1,2}) ([A-Z_]+): ([\s\S]*)$/;

/**
 * The error a printed grpc-js status stands for, as grpc-js raises it (`code`, `details`,
 * `metadata`), or `undefined` for any other text. Read by `agent-errors explain` on pasted text.
 */
export function printedGrpcError(text: string): Error | undefined {
  const printed = PRINTED_STATUS.exec(text);
  if (printed === null) return undefined;
  const code = Number(printed[1]);
  if (grpcRow(code)?.name !== printed[2]) return undefined;
  const details = printed[3]!.trim();
  return Object.assign(new Error(`${code} ${printed[2]!}: ${details}`), {
    code,
    details,
    // The printed form keeps no metadata: an empty one, with the `get` grpc-js's `Metadata` has.
    metadata: { get: (): string[] => [] },
  });
}

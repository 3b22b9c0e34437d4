import type { AgentError } from '../../core/agent-error.js';
import { classifiedAs } from '../../core/classified.js';
import { asRecord, readMember } from '../../core/is.js';
import { fromMeaning as made, meaning as m } from '../../core/meaning.js';
import { saidBy } from './libraries.js';
import { bodyOf, fromFoundResponse } from './response-rule.js';

/**
 * hapi's Boom errors (`@hapi/boom`, "Boom" in the hapi API reference), which hapi-based tool
 * servers throw and `@hapi/wreck` rejects with: `isBoom`, the status on `output.statusCode`,
 * the headers to send on `output.headers` (a `Retry-After` a handler set there). Wreck's errors
 * keep the upstream's response on `data.res` (its status and headers decide: a body Wreck could
 * not parse is a 502 of Wreck's own over the upstream's 429) and its body on `data.payload`; its
 * own failures wrap the request's error in `data` (`Boom.badGateway('Client request error',
 * err)`), which decides, or name a redirect it could not follow (lib/index.js).
 */

type Classify = (value: unknown) => AgentError;

/** Wreck's own `Boom.badGateway` messages for a redirect it could not follow: the same again. */
const WRECK_REDIRECTS = ['Maximum redirections reached', 'Received redirection without location'];

/** The {@link AgentError} for a Boom error, or `undefined` when `error` is none. */
export function fromBoom(error: Error, classify: Classify): AgentError | undefined {
  if (readMember(error, 'isBoom') !== true) return undefined;
  const output = readMember(error, 'output');
  const status = readMember(output, 'statusCode');
  if (typeof status !== 'number') return undefined;
  const data = readMember(error, 'data');
  if (data instanceof Error) {
    const inner = saidBy(classify(data));
    if (inner !== undefined) return classifiedAs(error, inner);
  }
  if (WRECK_REDIRECTS.includes(readMember(error, 'message') as string)) {
    return made(error, m('protocol', 'PROTOCOL_ERROR'), { status });
  }
  // The upstream's response, when Wreck got one (its status error, or a body it could not parse).
  const res = readMember(data, 'res');
  const received = readMember(res, 'statusCode');
  let headers: Record<string, string> | undefined;
  try {
    headers = {
      ...(typeof received === 'number' ? asRecord(readMember(res, 'headers')) : {}),
      ...asRecord(readMember(output, 'headers')),
    } as Record<string, string>;
  } catch {
    // Headers that cannot be copied (a hostile getter): the status alone.
  }
  return fromFoundResponse(
    error,
    {
      status: typeof received === 'number' ? received : status,
      statusText: undefined,
      headers,
      body: bodyOf(readMember(data, 'payload')),
    },
    classify,
  );
}

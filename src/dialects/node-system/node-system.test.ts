// Every row of SYSTEM_ERROR_CATEGORIES, each error built by the code that raises it where that
// code can run here without a server: Node's fs for the file errors, undici's own error classes
// for UND_ERR_*, Node's streams and timers for their ERR_* and ABORT_ERR, node:https against a
// plain-HTTP port for EPROTO, `tls.checkServerIdentity` for a name the certificate does not hold.
// The rest (sockets, DNS, the X509 codes of a certificate Node's TLS layer refuses) are read in the
// shape Node documents for a SystemError (`code`, `errno`, `syscall`, the message
// `<syscall> <code>`), their errno from Node's own table. Each row also as the cause of undici's
// `fetch failed`, as fetch raises it.
import { mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { get as httpsGet } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, finished } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { checkServerIdentity } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { getSystemErrorMap } from 'node:util';
import { errors as undiciErrors } from 'undici';
import { describe, expect, it } from 'vitest';
import { decode } from 'agent-errors';
import { SYSTEM_ERROR_CATEGORIES } from './codes.js';

function thrownBy(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the action was expected to throw');
}

const here = fileURLToPath(import.meta.url);
const FILE_ERRORS: Record<string, () => Error> = {
  ENOENT: () => thrownBy(() => readFileSync(join(tmpdir(), 'agent-errors-no-such-file'))),
  EISDIR: () => thrownBy(() => readFileSync(tmpdir())),
  ENOTDIR: () => thrownBy(() => readFileSync(join(here, 'x'))),
  EEXIST: () => thrownBy(() => mkdirSync(tmpdir())),
};

/** undici's error classes by the code each instance carries. */
const UNDICI_BY_CODE = new Map<string, () => Error>();
for (const Class of Object.values(undiciErrors) as (new (message?: string) => Error)[]) {
  try {
    const code = (new Class('x') as { code?: unknown }).code;
    if (typeof code === 'string') UNDICI_BY_CODE.set(code, () => new Class('undici failed'));
  } catch {
    // a class whose constructor needs more than a message (ResponseError): none of the table's
  }
}

async function streamPrematureClose(): Promise<Error> {
  const stream = new Readable({ read() {} });
  const done = new Promise<Error>((resolve) =>
    finished(stream, (error) => resolve(error as Error)),
  );
  stream.destroy();
  return done;
}

async function timerAbort(): Promise<Error> {
  const controller = new AbortController();
  controller.abort();
  return sleep(1, undefined, { signal: controller.signal }).then(
    () => new Error('the aborted timer resolved'),
    (error: unknown) => error as Error,
  );
}

/** node:https asked to speak TLS to a plain-HTTP server on 127.0.0.1: Node's EPROTO. */
async function tlsToPlainHttp(): Promise<Error> {
  const server = createServer((_request, response) => response.end('plain'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<Error>((resolve) => {
      httpsGet(`https://127.0.0.1:${port}/`, () => resolve(new Error('TLS to plain HTTP worked')))
        .on('error', resolve)
        .setTimeout(5000, () => resolve(new Error('no TLS failure within 5 s')));
    });
  } finally {
    server.close();
  }
}

/** Node's own hostname check of a certificate that names another host. */
function altNameInvalid(): Error {
  const certificate = { subject: { CN: 'other.test' }, subjectaltname: 'DNS:other.test' };
  const error = checkServerIdentity('api.example.test', certificate as never);
  return error ?? new Error('checkServerIdentity accepted another host');
}

const ERRNO_BY_CODE = new Map([...getSystemErrorMap()].map(([errno, [name]]) => [name, errno]));

/** A SystemError in the shape Node documents, for the codes only a socket or resolver raises. */
function documentedSystemError(code: string): Error {
  const syscall = code.startsWith('EAI_') || code === 'ENOTFOUND' ? 'getaddrinfo' : 'connect';
  return Object.assign(new Error(`${syscall} ${code}`), {
    code,
    syscall,
    ...(ERRNO_BY_CODE.has(code) ? { errno: ERRNO_BY_CODE.get(code) } : {}),
  });
}

async function built(code: string): Promise<Error> {
  if (code === 'ERR_STREAM_PREMATURE_CLOSE') return streamPrematureClose();
  if (code === 'ABORT_ERR') return timerAbort();
  if (code === 'EPROTO') return tlsToPlainHttp();
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return altNameInvalid();
  const build = FILE_ERRORS[code] ?? UNDICI_BY_CODE.get(code);
  return build ? build() : documentedSystemError(code);
}

describe('SYSTEM_ERROR_CATEGORIES', () => {
  it.each(Object.entries(SYSTEM_ERROR_CATEGORIES))('%s is %s', async (code, category) => {
    const error = await built(code);
    expect((error as { code?: unknown }).code).toBe(code);
    const read = decode(error);
    expect(read.category).toBe(category);
    if (code === 'ABORT_ERR') return; // an AbortError by name: read as the platform's abort
    expect(read.code).toBe(code);
    expect(read.unexpected).toBe(true);
    const fetchFailed = decode(new TypeError('fetch failed', { cause: error }));
    expect([fetchFailed.category, fetchFailed.code]).toEqual([category, code]);
  });

  it('keeps the system call and errno, never the path', () => {
    const read = decode(FILE_ERRORS.ENOENT?.());
    expect(read.details).toMatchObject({ syscall: 'open', errno: ERRNO_BY_CODE.get('ENOENT') });
    expect(JSON.stringify(read.details)).not.toContain(tmpdir());
  });
});

/**
 * The transcripts of the command-line HTTP tools people paste into `explain`, read into the value
 * the same exchange gives a Node program: the response (status, headers, body) or the system
 * error Node raises for the same failure.
 *
 * - curl: `-i` and `-v` (`< ` / `> ` / `* ` lines, HTTP/1.1 and HTTP/2 status lines, the progress
 *   meter curl prints when its output is not a terminal), and its `curl: (N) …` line, whose N is
 *   one of curl's documented exit codes (man curl, "EXIT CODES"; everything.curl.dev/cmdline/
 *   exitcode).
 * - wget: `-S` (the response's status line and headers, indented two spaces), its
 *   `ERROR 503: Service Unavailable.` line, and its `failed: Connection refused.` connection
 *   lines (the C library's `strerror` text).
 *
 * Colours a terminal shows (curl bolds header names) and CRLF line ends are taken off first.
 */

/** What a transcript was read as: the value to decode, and the transcript in words. */
export interface Transcript {
  value: unknown;
  form: string;
}

const STATUS_LINE = /^HTTP\/(\d(?:\.\d)?) (\d{3})(?: (.*))?$/;

// curl -v marks what it received `< `, what it sent `> `, its own notes `* `, and data it did not
// print `{ [n bytes data]` / `} [n bytes data]`.
const CURL_VERBOSE_RESPONSE = /^< HTTP\/\d/m;
const CURL_VERBOSE_OTHER = /^(?:[>*] |[>*]$|[{}] \[)/;
// The progress meter curl prints on stderr when stdout is not a terminal: its two heading lines,
// then rows of figures and `--:--:--` times, each redrawn after a carriage return.
const CURL_METER =
  /^\s*(?:% Total\b.*|Dload\b.*|[\d.kMG]+(?:\s+(?:[\d.kMG]+|--:--:--|\d+:\d\d:\d\d))+\s*)$/;

// ANSI colour and style sequences (CSI … m), and OSC 8 hyperlinks a terminal shows as text.
// eslint-disable-next-line no-control-regex
const TERMINAL_CODES = /\u001b\[[0-9;?]*[A-Za-z]|\u001b\]8;[^\u0007\u001b]*(?:\u0007|\u001b\\)/g;

/**
 * `text` without a terminal's colour codes, and with `\n` line ends: CRLF, and the `\r\r\n` a
 * terminal turns a CRLF into; a lone `\r` (the progress meter redrawn) ends a line too.
 */
export function plainText(text: string): string {
  return text.replace(TERMINAL_CODES, '').replace(/\r*\n|\r/g, '\n');
}

/** A `curl -v` transcript as `curl -i` would have printed the response. */
function unverbose(lines: readonly string[]): string[] {
  const received = lines.filter((l) => l.startsWith('<')).map((l) => l.replace(/^< ?/, ''));
  const lastReceived = lines.findLastIndex((l) => l.startsWith('<'));
  const body = lines
    .slice(lastReceived + 1)
    .filter((l) => !CURL_VERBOSE_OTHER.test(l) && !CURL_METER.test(l) && !CURL_EXIT.test(l));
  return [...received, ...body];
}

/**
 * A `curl -i` (or `curl -si`, `http --print=hb`, `curl -v`) response: the last status block's
 * status, headers and body. A `100 Continue` or a redirect before it is skipped, as curl prints
 * each.
 */
function readCurlResponse(pasted: string): Transcript | undefined {
  const verbose = CURL_VERBOSE_RESPONSE.test(pasted);
  let lines = pasted.trimStart().split('\n');
  if (verbose) lines = unverbose(lines);
  else {
    // The progress meter curl prints before the response when stdout is not a terminal.
    const start = lines.findIndex((l) => l.trim() !== '' && !CURL_METER.test(l));
    lines = lines.slice(Math.max(start, 0));
  }
  if (!STATUS_LINE.test(lines[0] ?? '')) return undefined;
  let version = '';
  let status = 0;
  let statusText = '';
  let headers: Record<string, string> = {};
  let i = 0;
  // Each block: a status line, headers, a blank line; the body follows the last block.
  for (;;) {
    const line = STATUS_LINE.exec(lines[i] ?? '');
    if (line === null) break;
    version = line[1]!;
    status = Number(line[2]);
    statusText = line[3]?.trim() ?? '';
    headers = {};
    i += 1;
    for (; i < lines.length && lines[i]!.trim() !== ''; i += 1) addHeader(headers, lines[i]!);
    i += 1;
    if (!STATUS_LINE.test(lines[i] ?? '')) break;
  }
  const body = lines.slice(i).join('\n').trim();
  return {
    value: response(status, statusText, headers, body),
    form: verbose
      ? `a curl -v transcript: HTTP/${version} ${status}${waitInWords(headers)}`
      : `an HTTP response as curl -i or HTTPie print it: HTTP/${version} ${status}${waitInWords(headers)}`,
  };
}

function addHeader(headers: Record<string, string>, line: string): void {
  const colon = line.indexOf(':');
  if (colon <= 0) return;
  const name = line.slice(0, colon).trim().toLowerCase();
  const value = line.slice(colon + 1).trim();
  headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`;
}

function response(
  status: number,
  statusText: string,
  headers: Record<string, string>,
  body: string,
): unknown {
  return {
    status,
    ...(statusText === '' ? {} : { statusText }),
    headers,
    ...(body === '' ? {} : { body }),
  };
}

function waitInWords(headers: Record<string, string>): string {
  const wait = headers['retry-after'];
  return wait === undefined ? '' : ` with Retry-After: ${wait}`;
}

// curl's last line when the transfer failed: `curl: (7) Failed to connect to … port 1 …`.
const CURL_EXIT = /^curl: \((\d+)\) (.*)$/m;

/**
 * The system error (by Node's code) that stands for each curl exit code a transfer can end
 * with, from curl's documented table: what Node raises for the same failure, so that the
 * transcript reads as a Node client's error does. An exit code not here is no network failure
 * (a usage or a local file error), read by its words.
 */
const CURL_EXIT_CODES: Readonly<Record<string, string>> = {
  5: 'ENOTFOUND', // Couldn't resolve proxy
  6: 'ENOTFOUND', // Couldn't resolve host
  7: 'ECONNREFUSED', // Failed to connect to host
  16: 'ECONNRESET', // HTTP/2 framing layer error
  18: 'UND_ERR_RES_CONTENT_LENGTH_MISMATCH', // Partial file: shorter than announced
  28: 'ETIMEDOUT', // Operation timeout
  35: 'EPROTO', // SSL/TLS handshake failed
  51: 'ERR_TLS_CERT_ALTNAME_INVALID', // The server's certificate did not match its name
  52: 'ECONNRESET', // The server replied nothing (Node: "socket hang up")
  55: 'EPIPE', // Failed sending network data
  56: 'ECONNRESET', // Failure in receiving network data
  58: 'EPROTO', // Problem with the local certificate
  59: 'EPROTO', // Couldn't use the specified cipher
  60: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', // Peer certificate cannot be authenticated
  77: 'EPROTO', // Problem reading the CA cert file
  83: 'UNABLE_TO_GET_ISSUER_CERT', // Issuer check failed
  90: 'ERR_TLS_CERT_ALTNAME_INVALID', // SSL public key does not match pinned key
  91: 'CERT_REVOKED', // Invalid SSL certificate status
  92: 'ECONNRESET', // Stream error in the HTTP/2 framing layer
  95: 'ECONNRESET', // HTTP/3 layer error
  97: 'EPROTO', // Proxy handshake error
};

// OpenSSL's verify messages curl quotes for exit 60 (`SSL certificate problem: …`), by the X509
// code Node sets for the same certificate.
const CERTIFICATE_PROBLEMS: readonly (readonly [RegExp, string])[] = [
  [/self[- ]signed certificate in certificate chain/i, 'SELF_SIGNED_CERT_IN_CHAIN'],
  [/self[- ]signed certificate/i, 'DEPTH_ZERO_SELF_SIGNED_CERT'],
  [/unable to get local issuer certificate/i, 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY'],
  [/certificate has expired/i, 'CERT_HAS_EXPIRED'],
  [/certificate is not yet valid/i, 'CERT_NOT_YET_VALID'],
];

// `--fail`'s message: curl 7.76 on `… returned error: 503`, earlier curl `… error: 503 Service …`.
const CURL_HTTP_ERROR = /returned error: (\d{3})\b/;

/** `curl: (N) …`, read as the response status (exit 22) or the system error Node raises. */
function readCurlExit(text: string): Transcript | undefined {
  const exit = CURL_EXIT.exec(text);
  if (exit === null) return undefined;
  const [, number, message] = exit as unknown as [string, string, string];
  const status = number === '22' ? CURL_HTTP_ERROR.exec(message) : null;
  if (status !== null) {
    return {
      value: response(Number(status[1]), '', {}, ''),
      form: `curl's exit 22 (--fail): the server answered HTTP ${status[1]!}`,
    };
  }
  const code =
    number === '60'
      ? (CERTIFICATE_PROBLEMS.find(([words]) => words.test(message))?.[1] ?? CURL_EXIT_CODES[60])
      : CURL_EXIT_CODES[number];
  if (code === undefined) return undefined;
  return {
    value: Object.assign(new Error(message), { code }),
    form: `curl's exit ${number} ("${message}"), the failure Node reports as ${code}`,
  };
}

// wget -S prints the response's status line and headers indented by two spaces.
const WGET_STATUS_LINE = /^ {2}HTTP\/(\d(?:\.\d)?) (\d{3})(?: (.*))?$/;
const WGET_ERROR = /^(?:\S+ \S+ )?ERROR (\d{3}): (.*?)\.?$/m;
// `Connecting to host:port... failed: Connection refused.`, `Read error (Connection timed out) in
// headers.`: the C library's strerror text, by the errno Node reports for it.
const WGET_FAILURE = /(?:\.\.\. failed: |Read error \()([^.)]+)[.)]/;
const STRERROR: Readonly<Record<string, string>> = {
  'connection refused': 'ECONNREFUSED',
  'connection timed out': 'ETIMEDOUT',
  'connection reset by peer': 'ECONNRESET',
  'no route to host': 'EHOSTUNREACH',
  'network is unreachable': 'ENETUNREACH',
  'name or service not known': 'ENOTFOUND',
  'temporary failure in name resolution': 'EAI_AGAIN',
};
// wget's TLS failures (OpenSSL's and GnuTLS's builds say them apart), by the code Node sets for
// the same handshake or certificate.
const WGET_TLS: readonly (readonly [RegExp, string])[] = [
  [/ERROR: .*self[- ]signed certificate/i, 'DEPTH_ZERO_SELF_SIGNED_CERT'],
  [/ERROR: The certificate of .* has expired/, 'CERT_HAS_EXPIRED'],
  [
    /ERROR: (?:cannot verify .*certificate|The certificate of .* is not trusted)/,
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  ],
  [/Unable to establish SSL connection/, 'EPROTO'],
];

/** A `wget` transcript: its last `-S` response, its `ERROR nnn:` line, or its failure line. */
function readWget(text: string): Transcript | undefined {
  const lines = text.split('\n');
  const start = lines.findLastIndex((l) => WGET_STATUS_LINE.test(l));
  if (start >= 0) {
    const [, version, status, statusText] = WGET_STATUS_LINE.exec(lines[start]!)!;
    const headers: Record<string, string> = {};
    for (let i = start + 1; i < lines.length && lines[i]!.startsWith('  '); i += 1) {
      addHeader(headers, lines[i]!);
    }
    return {
      value: response(Number(status), statusText?.trim() ?? '', headers, ''),
      form: `a wget -S transcript: HTTP/${version!} ${status!}${waitInWords(headers)}`,
    };
  }
  const error = WGET_ERROR.exec(text);
  if (error !== null && /^--\d{4}-\d\d-\d\d /m.test(text)) {
    return {
      value: response(Number(error[1]), error[2]!, {}, ''),
      form: `wget's "ERROR ${error[1]!}": the server answered HTTP ${error[1]!}`,
    };
  }
  if (!/^--\d{4}-\d\d-\d\d /m.test(text)) return undefined;
  const failure = WGET_FAILURE.exec(text);
  const code = failure === null ? undefined : STRERROR[failure[1]!.trim().toLowerCase()];
  if (code !== undefined) {
    return {
      value: Object.assign(new Error(failure![1]!.trim()), { code }),
      form: `a wget transcript: "${failure![1]!.trim()}", the failure Node reports as ${code}`,
    };
  }
  for (const [words, tlsCode] of WGET_TLS) {
    const said = words.exec(text)?.[0];
    if (said === undefined) continue;
    return {
      value: Object.assign(new Error(said), { code: tlsCode }),
      form: `a wget transcript: "${said}", the failure Node reports as ${tlsCode}`,
    };
  }
  return undefined;
}

/**
 * The value a pasted transcript of curl or wget stands for; `undefined` for any other text.
 * `text` is {@link plainText} already.
 */
export function readTranscript(text: string): Transcript | undefined {
  return readCurlResponse(text) ?? readCurlExit(text) ?? readWget(text);
}

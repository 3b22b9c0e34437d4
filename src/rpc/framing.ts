/**
 * Framing: how message texts are cut out of a byte stream and written back into one. Two
 * framings: newline-delimited JSON (ACP, MCP stdio) and `Content-Length` headers (LSP). Both
 * enforce a maximum message size without losing the stream: an oversized message is skipped and
 * reported, and the next one is read. Memory stays bounded by the limit.
 */

/** Where a decoder delivers what it cut out. */
export interface FrameSink {
  /** One whole message, as text. */
  message(text: string): void;
  /** A message larger than the limit was skipped; `size` is how large it was. */
  oversized(size: number): void;
}

/** Cuts messages out of chunks. One per connection; it keeps the partial message between chunks. */
export interface FrameDecoder {
  /** The next chunk read from the stream; whole messages go to the sink as they complete. */
  push(chunk: Uint8Array | string): void;
  /** The stream ended: deliver a final unterminated message, if any. */
  end(): void;
}

/**
 * A framing: a decoder factory and an encoder. Pass {@link ndjson} or {@link contentLength} to a
 * stream transport, or your own.
 *
 * @example
 * streamTransport({ readable, writable, framing: contentLength });
 */
export interface Framing {
  readonly name: string;
  /** A decoder for one connection, delivering to `sink` and skipping messages over the limit. */
  createDecoder(sink: FrameSink, maxMessageBytes: number): FrameDecoder;
  /** Encode a batch of message texts as one chunk of bytes. */
  encode(texts: readonly string[]): Uint8Array;
}

const encoder = new TextEncoder();

function isBlank(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d && c !== 0x0a) return false;
  }
  return true;
}

class NdjsonDecoder implements FrameDecoder {
  readonly #sink: FrameSink;
  readonly #max: number;
  // One streaming decoder for the whole connection: a chunk is decoded once, however many
  // messages it holds, and a character split across chunks is carried over.
  readonly #text = new TextDecoder();
  #parts: string[] = [];
  #size = 0;
  /** Skipping the rest of an oversized line. */
  #discarding = false;

  constructor(sink: FrameSink, max: number) {
    this.#sink = sink;
    this.#max = max;
  }

  push(chunk: Uint8Array | string): void {
    const text = typeof chunk === 'string' ? chunk : this.#text.decode(chunk, { stream: true });
    let start = 0;
    const length = text.length;
    while (start < length) {
      const nl = text.indexOf('\n', start);
      const end = nl === -1 ? length : nl;
      if (this.#discarding) {
        if (nl !== -1) this.#discarding = false;
      } else if (this.#size + (end - start) > this.#max) {
        this.#sink.oversized(this.#size + (end - start));
        this.#parts = [];
        this.#size = 0;
        this.#discarding = nl === -1;
      } else if (nl === -1) {
        this.#parts.push(text.slice(start, end));
        this.#size += end - start;
      } else if (this.#parts.length > 0) {
        this.#emitJoined(text.slice(start, end));
      } else {
        // A line that arrived whole goes to the sink from here: each frame between the read
        // loop and a handler is recorded in every stack its errors capture.
        const line = text.slice(start, end);
        if (!isBlank(line)) this.#sink.message(line);
      }
      start = end + 1;
    }
  }

  /** The line begun in earlier chunks, its parts joined with `last`. */
  #emitJoined(last: string): void {
    this.#parts.push(last);
    const text = this.#parts.join('');
    this.#parts = [];
    this.#size = 0;
    if (!isBlank(text)) this.#sink.message(text);
  }

  end(): void {
    const rest = this.#text.decode();
    if (rest !== '') this.push(rest);
    if (this.#parts.length > 0 && !this.#discarding) this.#emitJoined('');
    this.#parts = [];
    this.#size = 0;
    this.#discarding = false;
  }
}

/**
 * Newline-delimited JSON: one message per line, `\r\n` tolerated, blank lines skipped. The size
 * limit counts UTF-16 code units of the decoded line, never more than its UTF-8 bytes.
 *
 * @example
 * new TextDecoder().decode(ndjson.encode(['{"a":1}'])); // '{"a":1}\n'
 */
export const ndjson: Framing = {
  name: 'ndjson',
  createDecoder: (sink, max) => new NdjsonDecoder(sink, max),
  encode: (texts) =>
    encoder.encode(texts.length === 1 ? `${texts[0]!}\n` : `${texts.join('\n')}\n`),
};

const HEADER_END = [0x0d, 0x0a, 0x0d, 0x0a] as const;
const MAX_HEADER_BYTES = 8 * 1024;

class ContentLengthDecoder implements FrameDecoder {
  readonly #sink: FrameSink;
  readonly #max: number;
  readonly #text = new TextDecoder();
  #header: number[] = [];
  /** Bytes still expected for the current body, or -1 while reading headers. */
  #remaining = -1;
  #body: Uint8Array | undefined;
  #bodyAt = 0;
  #skipping = false;

  constructor(sink: FrameSink, max: number) {
    this.#sink = sink;
    this.#max = max;
  }

  push(input: Uint8Array | string): void {
    const chunk = typeof input === 'string' ? encoder.encode(input) : input;
    let i = 0;
    while (i < chunk.length) {
      if (this.#remaining < 0) {
        const b = chunk[i++]!;
        this.#header.push(b);
        const h = this.#header;
        const n = h.length;
        if (
          n >= 4 &&
          h[n - 4] === HEADER_END[0] &&
          h[n - 3] === HEADER_END[1] &&
          h[n - 2] === HEADER_END[2] &&
          h[n - 1] === HEADER_END[3]
        ) {
          this.#startBody();
        } else if (n > MAX_HEADER_BYTES) {
          // Not a header at all: report it and resynchronise on the next blank line.
          this.#sink.oversized(n);
          this.#header = [];
        }
        continue;
      }
      const take = Math.min(this.#remaining, chunk.length - i);
      if (!this.#skipping) this.#body!.set(chunk.subarray(i, i + take), this.#bodyAt);
      this.#bodyAt += take;
      this.#remaining -= take;
      i += take;
      if (this.#remaining === 0) this.#finishBody();
    }
  }

  #startBody(): void {
    const header = String.fromCharCode(...this.#header);
    this.#header = [];
    const match = /(?:^|\r\n)content-length:\s*(\d+)\s*(?:\r\n|$)/i.exec(header);
    if (!match) {
      this.#sink.oversized(0);
      return;
    }
    const length = Number(match[1]);
    this.#remaining = length;
    this.#bodyAt = 0;
    this.#skipping = length > this.#max;
    if (this.#skipping) this.#sink.oversized(length);
    else this.#body = new Uint8Array(length);
    if (length === 0) this.#finishBody();
  }

  #finishBody(): void {
    const body = this.#body;
    const skipped = this.#skipping;
    this.#remaining = -1;
    this.#body = undefined;
    this.#skipping = false;
    if (!skipped && body) {
      const text = this.#text.decode(body);
      if (!isBlank(text)) this.#sink.message(text);
    }
  }

  end(): void {
    this.#header = [];
    this.#remaining = -1;
    this.#body = undefined;
  }
}

/**
 * `Content-Length: N\r\n\r\n` + N bytes of UTF-8, as LSP and vscode-jsonrpc frame messages.
 *
 * @example
 * new TextDecoder().decode(contentLength.encode(['{}'])); // 'Content-Length: 2\r\n\r\n{}'
 */
export const contentLength: Framing = {
  name: 'content-length',
  createDecoder: (sink, max) => new ContentLengthDecoder(sink, max),
  encode(texts) {
    const bodies = texts.map((t) => encoder.encode(t));
    const headers = bodies.map((b) => encoder.encode(`Content-Length: ${b.length}\r\n\r\n`));
    let size = 0;
    for (let k = 0; k < bodies.length; k++) size += headers[k]!.length + bodies[k]!.length;
    const out = new Uint8Array(size);
    let at = 0;
    for (let k = 0; k < bodies.length; k++) {
      out.set(headers[k]!, at);
      at += headers[k]!.length;
      out.set(bodies[k]!, at);
      at += bodies[k]!.length;
    }
    return out;
  },
};

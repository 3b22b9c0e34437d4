// Node defines `Headers` and `Response` behind lazy getters that load its fetch implementation;
// reading them on every decode costs more than the decode. Read each once.
let HeadersClass: typeof Headers | null | undefined;
let ResponseClass: typeof Response | null | undefined;

/** Whether `value` is a fetch `Headers` (false where the runtime has none). */
export function isWebHeaders(value: unknown): value is Headers {
  if (HeadersClass === undefined) HeadersClass = typeof Headers === 'function' ? Headers : null;
  return HeadersClass !== null && value instanceof HeadersClass;
}

/** Whether `value` is a fetch `Response` (false where the runtime has none). */
export function isWebResponse(value: unknown): value is Response {
  if (ResponseClass === undefined) ResponseClass = typeof Response === 'function' ? Response : null;
  return ResponseClass !== null && value instanceof ResponseClass;
}

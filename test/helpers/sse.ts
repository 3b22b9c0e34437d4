// Server-sent events as the provider APIs stream them, for the tests that serve a stream to a real
// SDK client.

/** One server-sent event: an `event:` line when it is named, its JSON `data:`, a blank line. */
export const sse = (event: string | undefined, data: unknown): string =>
  `${event === undefined ? '' : `event: ${event}\n`}data: ${JSON.stringify(data)}\n\n`;

/**
 * The `message_start` event that opens an Anthropic Messages stream (docs: "Streaming
 * Messages"): what the SDK must have read before an `event: error` can reach it mid-stream.
 */
export const anthropicMessageStart: string = sse('message_start', {
  type: 'message_start',
  message: {
    id: 'msg_1',
    type: 'message',
    role: 'assistant',
    content: [],
    model: 'claude',
    stop_reason: null,
    stop_sequence: null,
    usage: { input_tokens: 1, output_tokens: 0 },
  },
});

// The seventh fresh case set (issue 36): the agent frameworks' own errors and the stream events
// they yield, measured as a reviewer measures them. Each family walks its framework's exported
// error classes (ai@6 and @ai-sdk/provider, @openai/agents, @langchain/core, @langchain/langgraph)
// and the failing statuses of the provider under it, crossed with every way the framework hands
// a failure to its caller (thrown, retried to a RetryError, a stream's `error` part, `onError`,
// a tool call's `tool-error` content, a streamed run's error). Every error is raised by the
// framework itself, running against one 127.0.0.1 server that answers as OpenAI documents
// (platform.openai.com/docs/guides/error-codes), or built with the class's own constructor and
// the arguments the framework passes it where no run raises it. FRESH_SCORE=1 prints the score.
import { createOpenAI } from '@ai-sdk/openai';
import { AIMessage, coerceMessageLikeToMessage, HumanMessage } from '@langchain/core/messages';
import {
  JsonMarkdownStructuredOutputParser,
  StructuredOutputParser,
} from '@langchain/core/output_parsers';
import { JsonOutputKeyToolsParser } from '@langchain/core/output_parsers/openai_tools';
import { ChatPromptTemplate, MessagesPlaceholder } from '@langchain/core/prompts';
import { tool as lcTool } from '@langchain/core/tools';
import {
  Annotation,
  Command,
  END,
  EmptyChannelError,
  GraphDrained,
  GraphInterrupt,
  MultipleSubgraphsError,
  NodeInterrupt,
  ParentCommand,
  RemoteException,
  START,
  StateGraph,
  UnknownInterruptError,
  interrupt,
} from '@langchain/langgraph';
import { ToolNode } from '@langchain/langgraph/prebuilt';
import { ChatOpenAI, OpenAIEmbeddings } from '@langchain/openai';
import {
  Agent,
  OpenAIChatCompletionsModel,
  OpenAIResponsesModel,
  SystemError,
  UserError,
  run,
  setTracingDisabled,
  tool,
} from '@openai/agents';
import {
  APICallError,
  EmptyResponseBodyError,
  InvalidResponseDataError,
  LoadSettingError,
  NoOutputGeneratedError,
  NoSpeechGeneratedError,
  NoTranscriptGeneratedError,
  NoVideoGeneratedError,
  UIMessageStreamError,
  createProviderRegistry,
  customProvider,
  embed,
  embedMany,
  experimental_generateImage as generateImage,
  generateObject,
  generateText,
  jsonSchema,
  stepCountIs,
  streamObject,
  streamText,
  tool as aiTool,
} from 'ai';
import type { LanguageModel } from 'ai';
import OpenAI from 'openai';
import { describe } from 'vitest';
import { z } from 'zod';
import { freshCase, freshCases, no, rejected, wait } from './helpers/fresh-cases.js';
import type { Careful, FreshCase } from './helpers/fresh-cases.js';
import { freshServer, json, oaiError, providerStreams } from './helpers/fresh-http.js';
import { sse, streamed } from './helpers/reply-server.js';
import type { Reply } from './helpers/reply-server.js';

setTracingDisabled(true);
const { base } = freshServer('fw');

const c = freshCase;

/** Each reply in turn, the last one repeated: a failure first, then another. */
const inTurn = (...replies: Reply[]): Reply => {
  let n = 0;
  return (req, res) => {
    const reply = replies[Math.min(n, replies.length - 1)]!;
    n += 1;
    if (typeof reply === 'function') return reply(req, res);
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    res.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers });
    res.end(text);
  };
};

// ---------------------------------------------------------------------------------------------
// OpenAI's documented failures (platform.openai.com/docs/guides/error-codes, "API errors"): the
// status, the body's `type` and `code`, the wait header, and what a careful client does.
// ---------------------------------------------------------------------------------------------

interface Failure {
  readonly label: string;
  readonly reply: Reply;
  readonly careful: Careful;
}
const failure = (
  label: string,
  status: number,
  body: ReturnType<typeof oaiError>,
  careful: Careful,
  headers: Record<string, string> = {},
): Failure => ({ label, reply: json(status, body, headers), careful });

const FAILURES: readonly Failure[] = [
  failure(
    '401 invalid_api_key',
    401,
    oaiError('Incorrect API key provided: sk-xx.', 'invalid_request_error', 'invalid_api_key'),
    no('auth'),
  ),
  failure(
    '403 unsupported_country_region_territory',
    403,
    oaiError(
      'Country, region, or territory not supported',
      'request_forbidden',
      'unsupported_country_region_territory',
    ),
    no('permission'),
  ),
  failure(
    '404 model_not_found',
    404,
    oaiError('The model `gpt-9` does not exist', 'invalid_request_error', 'model_not_found'),
    no('not_found'),
  ),
  failure(
    '413 request too large',
    413,
    oaiError('Request too large for gpt-4o.', 'invalid_request_error'),
    no('validation'),
  ),
  failure(
    '422 unprocessable',
    422,
    oaiError("Invalid 'messages[0].role'.", 'invalid_request_error'),
    no('validation'),
  ),
  failure(
    '429 rate_limit_exceeded with retry-after-ms: 20',
    429,
    oaiError('Rate limit reached for requests', 'requests', 'rate_limit_exceeded'),
    wait('rate_limit', 20),
    { 'retry-after-ms': '20' },
  ),
  failure(
    '429 insufficient_quota',
    429,
    oaiError('You exceeded your current quota.', 'insufficient_quota', 'insufficient_quota'),
    no('quota'),
  ),
  failure(
    '500 server_error',
    500,
    oaiError('The server had an error while processing your request.', 'server_error'),
    wait('internal'),
  ),
  failure('502 bad gateway', 502, oaiError('Bad gateway.', 'server_error'), wait('unavailable')),
  // OpenAI's table: "503 - Slow Down: a sudden increase in your request rate ... Please reduce
  // your request rate": a rate limit, however it is sent.
  failure(
    '503 slow down',
    503,
    oaiError('Slow Down: please reduce your request rate.', 'server_error'),
    wait('rate_limit'),
  ),
  failure(
    '503 engine overloaded',
    503,
    oaiError('The engine is currently overloaded, please try again later.', 'server_error'),
    wait('unavailable'),
  ),
  failure(
    '504 gateway timeout',
    504,
    oaiError('Gateway timeout.', 'server_error'),
    wait('timeout'),
  ),
];
/** The failures a provider under the AI SDK marks retryable (408, 409, 429, 5xx). */
const SDK_RETRIES = (f: Failure) => /^(429|5\d\d)/.test(f.label);
/** A failure's reply with a short wait the SDK's own retry honours (retry-after-ms). */
const soon = (f: Failure): Reply => {
  const r = f.reply as { status: number; headers?: Record<string, string>; body?: unknown };
  return { ...r, headers: { 'retry-after-ms': '1', ...r.headers } };
};

// ---------------------------------------------------------------------------------------------
// The AI SDK (ai@6 with @ai-sdk/openai). Its errors reference: ai-sdk.dev/docs/reference/
// ai-sdk-errors (one page per class); streams: ai-sdk.dev/docs/ai-sdk-core/error-handling
// ("Handling streaming errors": `error` parts of fullStream, `onError`).
// ---------------------------------------------------------------------------------------------

const openai = (reply: Reply, sub = '/chat/completions') =>
  createOpenAI({ baseURL: base(sub, reply), apiKey: 'k' });
const chatModel = (reply: Reply): LanguageModel => openai(reply).chat('gpt-4o');
const completion = (message: Record<string, unknown>, finish = 'stop') =>
  json(200, {
    id: 'c1',
    object: 'chat.completion',
    created: 1,
    model: 'gpt-4o',
    choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: finish }],
    usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
  });
const says = (content: string, finish = 'stop') => completion({ content }, finish);
const calls = (name: string, args: string) =>
  completion(
    {
      content: null,
      tool_calls: [{ id: 'call_1', type: 'function', function: { name, arguments: args } }],
    },
    'tool_calls',
  );
const weather = aiTool({
  description: 'Weather in a city',
  inputSchema: z.object({ city: z.string() }),
  execute: ({ city }) => Promise.resolve(`sunny in ${city}`),
});
/**
 * The error a one-step generateText keeps on the tool call it could not use (`invalid: true`;
 * its `tool-error` part holds only the message).
 */
const toolErrorOf = async (options: Record<string, unknown>) => {
  const result = await generateText({
    prompt: 'hi',
    maxRetries: 0,
    stopWhen: stepCountIs(1),
    ...options,
  } as Parameters<typeof generateText>[0]);
  const call = result.toolCalls.find((p) => p.invalid === true);
  if (call === undefined) throw new Error('expected an invalid tool call');
  return call.error;
};
const viaGenerate = (reply: Reply) => () =>
  rejected(generateText({ model: chatModel(reply), prompt: 'hi', maxRetries: 0 }));
const viaEmbed = (reply: Reply) => () =>
  rejected(
    embed({
      model: openai(reply, '/embeddings').textEmbeddingModel('text-embedding-3-small'),
      value: 'hi',
      maxRetries: 0,
    }),
  );
const viaStreamPart = (reply: Reply) => async () => {
  const result = streamText({
    model: chatModel(reply),
    prompt: 'hi',
    maxRetries: 0,
    onError: () => undefined,
  });
  for await (const part of result.fullStream) if (part.type === 'error') return part;
  throw new Error('expected an error part');
};
const viaOnError = (reply: Reply) => async () => {
  let seen: unknown;
  const result = streamText({
    model: chatModel(reply),
    prompt: 'hi',
    maxRetries: 0,
    onError: (event) => {
      seen = event;
    },
  });
  await result.consumeStream();
  if (seen === undefined) throw new Error('expected onError');
  return seen;
};
const retried = (reply: Reply) => () =>
  rejected(generateText({ model: chatModel(reply), prompt: 'hi', maxRetries: 1 }));

const statusCases: FreshCase[] = [
  ...FAILURES.map((f) =>
    c(`generateText APICallError ${f.label}`, viaGenerate(f.reply), f.careful),
  ),
  ...FAILURES.map((f) => c(`embed APICallError ${f.label}`, viaEmbed(f.reply), f.careful)),
  ...FAILURES.filter((f) => !/^(401|429 rate)/.test(f.label)).map((f) =>
    c(`streamText fullStream error part ${f.label}`, viaStreamPart(f.reply), f.careful),
  ),
  ...FAILURES.map((f) => c(`streamText onError event ${f.label}`, viaOnError(f.reply), f.careful)),
  ...FAILURES.filter(SDK_RETRIES).map((f) =>
    c(`RetryError maxRetriesExceeded, last ${f.label}`, retried(soon(f)), f.careful),
  ),
  ...FAILURES.filter((f) => !SDK_RETRIES(f)).map((f) =>
    c(
      `RetryError errorNotRetryable, a 503 then ${f.label}`,
      retried(inTurn(soon(FAILURES[10]!), f.reply)),
      f.careful,
    ),
  ),
];

const aiSdkCases: FreshCase[] = [
  c(
    'NoSuchToolError (the model called a tool the call lacks), on the invalid tool call',
    () => toolErrorOf({ model: chatModel(calls('forecast', '{}')), tools: { weather } }),
    wait('internal'),
  ),
  c(
    'InvalidToolInputError (arguments not JSON), on the invalid tool call',
    () => toolErrorOf({ model: chatModel(calls('weather', '{"city": ')), tools: { weather } }),
    wait('internal'),
  ),
  c(
    'InvalidToolInputError (arguments off the schema), on the invalid tool call',
    () => toolErrorOf({ model: chatModel(calls('weather', '{"city": 7}')), tools: { weather } }),
    wait('internal'),
  ),
  c(
    'ToolCallRepairError (the repair function threw)',
    () =>
      toolErrorOf({
        model: chatModel(calls('forecast', '{}')),
        tools: { weather },
        experimental_repairToolCall: () => Promise.reject(new Error('cannot repair')),
      }),
    wait('internal'),
  ),
  c(
    'ToolCallRepairError (the repair call to the model met a 429 with retry-after-ms: 30)',
    () =>
      toolErrorOf({
        model: chatModel(calls('weather', '{"city": 7}')),
        tools: { weather },
        experimental_repairToolCall: () =>
          generateText({
            model: chatModel(FAILURES[5]!.reply),
            prompt: 'fix',
            maxRetries: 0,
          }).then(() => null),
      }),
    wait('rate_limit', 20),
  ),
  c(
    'ToolChoiceViolationError (toolChoice required, the model answered text)',
    () =>
      rejected(
        generateText({
          model: chatModel(says('No tool needed.')),
          tools: { weather },
          toolChoice: 'required',
          prompt: 'hi',
          maxRetries: 0,
        }),
      ),
    wait('internal'),
  ),
  c(
    'NoOutputGeneratedError (await streamText().text after a 429)',
    async () => {
      const result = streamText({
        model: chatModel(FAILURES[5]!.reply),
        prompt: 'hi',
        maxRetries: 0,
        onError: () => undefined,
      });
      return rejected(Promise.resolve(result.text));
    },
    wait('internal'),
  ),
  c(
    'NoOutputGeneratedError (the constructor, a model stream ended without a finish chunk)',
    () =>
      Promise.resolve(
        new NoOutputGeneratedError({
          message: 'No output generated. The model stream ended without a finish chunk.',
        }),
      ),
    wait('internal'),
  ),
  c(
    'NoObjectGeneratedError (generateObject, JSON off the schema)',
    () =>
      rejected(
        generateObject({
          model: chatModel(says('{"answer": 42}')),
          schema: z.object({ answer: z.string() }),
          prompt: 'hi',
          maxRetries: 0,
        }),
      ),
    wait('internal'),
  ),
  c(
    'NoObjectGeneratedError (generateObject, cut at max tokens)',
    () =>
      rejected(
        generateObject({
          model: chatModel(says('{"answer": "the first', 'length')),
          schema: z.object({ answer: z.string() }),
          prompt: 'hi',
          maxRetries: 0,
        }),
      ),
    wait('internal'),
  ),
  c(
    'NoObjectGeneratedError (streamObject, object promise after prose)',
    async () => {
      const result = streamObject({
        model: chatModel(
          streamed(
            sse(undefined, {
              id: 'c1',
              object: 'chat.completion.chunk',
              created: 1,
              model: 'gpt-4o',
              choices: [{ index: 0, delta: { role: 'assistant', content: 'no json' } }],
            }) +
              sse(undefined, {
                id: 'c1',
                object: 'chat.completion.chunk',
                created: 1,
                model: 'gpt-4o',
                choices: [{ index: 0, delta: {}, finish_reason: 'stop' }],
              }) +
              'data: [DONE]\n\n',
          ),
        ),
        schema: z.object({ answer: z.string() }),
        prompt: 'hi',
        maxRetries: 0,
        onError: () => undefined,
      });
      return rejected(Promise.resolve(result.object));
    },
    wait('internal'),
  ),
  c(
    'APICallError "Invalid JSON response" (a 200 whose body is not JSON)',
    viaGenerate({ status: 200, headers: { 'content-type': 'application/json' }, body: 'oops' }),
    no('protocol'),
  ),
  c(
    'APICallError "Invalid JSON response" (a 200 off the chat completion schema)',
    viaGenerate(json(200, { id: 'c1', choices: 'none' })),
    no('protocol'),
  ),
  c(
    'APICallError with no response (connection refused), retries spent',
    async () => {
      const model = createOpenAI({ baseURL: 'http://127.0.0.1:1/v1', apiKey: 'k' }).chat('m');
      return rejected(generateText({ model, prompt: 'hi', maxRetries: 0 }));
    },
    wait('unavailable'),
  ),
  c(
    'APICallError: the server hung up before answering',
    viaGenerate((req) => req.socket.destroy()),
    wait('unavailable'),
  ),
  c(
    'InvalidResponseDataError (the constructor, a streamed tool call without its id)',
    () =>
      Promise.resolve(
        new InvalidResponseDataError({
          data: { index: 0, type: 'function', function: { name: 'x' } },
          message: "Expected 'id' to be a string.",
        }),
      ),
    no('protocol'),
  ),
  c(
    'InvalidResponseDataError (the constructor, as the Anthropic provider raises it)',
    () =>
      Promise.resolve(
        new InvalidResponseDataError({
          data: { type: 'tool_use' },
          message: 'Expected tool call to have an id.',
        }),
      ),
    no('protocol'),
  ),
  c(
    'EmptyResponseBodyError (the constructor, as provider-utils raises it)',
    () => Promise.resolve(new EmptyResponseBodyError({})),
    no('protocol'),
  ),
  c(
    'LoadSettingError (the constructor, as loadSetting raises it)',
    () =>
      Promise.resolve(
        new LoadSettingError({
          message:
            "Azure OpenAI resource name setting is missing. Pass it using the 'resourceName' parameter or the AZURE_RESOURCE_NAME environment variable.",
        }),
      ),
    no('validation'),
  ),
  c(
    'TooManyEmbeddingValuesForCallError (the OpenAI embedding model, 2049 values)',
    () =>
      rejected(async () => {
        await openai(json(200, {}), '/embeddings')
          .textEmbeddingModel('text-embedding-3-small')
          .doEmbed({ values: Array.from({ length: 2049 }, () => 'x') });
      }),
    no('validation'),
  ),
  c(
    'embedMany: the second chunk met a 503',
    () =>
      rejected(
        embedMany({
          model: openai(
            inTurn(
              json(200, {
                object: 'list',
                data: Array.from({ length: 2048 }, (_, index) => ({
                  object: 'embedding',
                  index,
                  embedding: [0],
                })),
                model: 'm',
                usage: { prompt_tokens: 1, total_tokens: 1 },
              }),
              FAILURES[10]!.reply,
            ),
            '/embeddings',
          ).textEmbeddingModel('text-embedding-3-small'),
          values: Array.from({ length: 2049 }, () => 'x'),
          maxRetries: 0,
          maxParallelCalls: 1,
        }),
      ),
    wait('unavailable'),
  ),
  c(
    'NoSuchModelError (customProvider without the model)',
    () =>
      rejected(async () => {
        await Promise.resolve();
        customProvider({ languageModels: {} }).languageModel('fast');
      }),
    no('not_found'),
  ),
  c(
    'NoSuchProviderError (a registry without the provider)',
    () =>
      rejected(async () => {
        await Promise.resolve();
        createProviderRegistry({}).languageModel('anthropic:claude' as never);
      }),
    no('not_found'),
  ),
  c(
    'InvalidArgumentError (maxOutputTokens 0.5)',
    () =>
      rejected(
        generateText({
          model: chatModel(says('x')),
          prompt: 'hi',
          maxOutputTokens: 0.5,
        }),
      ),
    no('validation'),
  ),
  c(
    'InvalidArgumentError (temperature "hot")',
    () =>
      rejected(
        generateText({
          model: chatModel(says('x')),
          prompt: 'hi',
          temperature: 'hot' as never,
        }),
      ),
    no('validation'),
  ),
  c(
    'InvalidPromptError (messages that are not a message list)',
    () =>
      rejected(
        generateText({ model: chatModel(says('x')), messages: [{ role: 'robot' }] as never }),
      ),
    no('validation'),
  ),
  c(
    'InvalidDataContentError (an image part whose data is a number)',
    () =>
      rejected(
        generateText({
          model: chatModel(says('x')),
          messages: [{ role: 'user', content: [{ type: 'image', image: 42 as never }] }],
        }),
      ),
    no('validation'),
  ),
  c(
    'MissingToolResultsError (a tool call with no result in the history)',
    () =>
      rejected(
        generateText({
          model: chatModel(says('x')),
          messages: [
            { role: 'user', content: 'weather?' },
            {
              role: 'assistant',
              content: [
                { type: 'tool-call', toolCallId: 'call_9', toolName: 'weather', input: {} },
              ],
            },
            { role: 'user', content: 'and?' },
          ],
        }),
      ),
    no('validation'),
  ),
  c(
    'UnsupportedModelVersionError (a v1 model object)',
    () =>
      rejected(
        generateText({
          model: { specificationVersion: 'v1', provider: 'old', modelId: 'm' } as never,
          prompt: 'hi',
        }),
      ),
    no('validation'),
  ),
  c(
    'NoImageGeneratedError (an image response with no images)',
    () =>
      rejected(
        generateImage({
          model: openai(json(200, { created: 1, data: [] }), '/images/generations').image(
            'gpt-image-1',
          ),
          prompt: 'a cat',
          maxRetries: 0,
        }),
      ),
    wait('internal'),
  ),
  c(
    'NoSpeechGeneratedError (the constructor, as generateSpeech raises it)',
    () =>
      Promise.resolve(
        new NoSpeechGeneratedError({
          responses: [{ timestamp: new Date(0), modelId: 'tts-1', headers: {} }],
        }),
      ),
    wait('internal'),
  ),
  c(
    'NoTranscriptGeneratedError (the constructor, as transcribe raises it)',
    () =>
      Promise.resolve(
        new NoTranscriptGeneratedError({
          responses: [{ timestamp: new Date(0), modelId: 'whisper-1', headers: {} }],
        }),
      ),
    wait('internal'),
  ),
  c(
    'NoVideoGeneratedError (the constructor, as generateVideo raises it)',
    () =>
      Promise.resolve(
        new NoVideoGeneratedError({
          responses: [{ timestamp: new Date(0), modelId: 'sora-2', headers: {} }],
        } as never),
      ),
    wait('internal'),
  ),
  c(
    'UIMessageStreamError (the constructor, a text-delta before its text-start)',
    () =>
      Promise.resolve(
        new UIMessageStreamError({
          chunkType: 'text-delta',
          chunkId: 't1',
          message:
            'Received text-delta for missing text part with ID "t1". Ensure a "text-start" chunk is sent before any "text-delta" chunks.',
        }),
      ),
    no('protocol'),
  ),
  c(
    'APICallError with a status, built as the provider builds it (408 from a proxy)',
    () =>
      Promise.resolve(
        new APICallError({
          message: 'Request Timeout',
          url: 'http://127.0.0.1/v1/chat/completions',
          requestBodyValues: {},
          statusCode: 408,
          responseHeaders: {},
          responseBody: 'Request Timeout',
          isRetryable: true,
        }),
      ),
    wait('timeout'),
  ),
  c(
    'generateText with jsonSchema tool whose validate fails (InvalidToolInputError)',
    () =>
      toolErrorOf({
        model: chatModel(calls('lookup', '{"id": "x"}')),
        tools: {
          lookup: aiTool({
            description: 'Lookup',
            inputSchema: jsonSchema<{ id: number }>(
              { type: 'object', properties: { id: { type: 'number' } } },
              { validate: () => ({ success: false, error: new Error('id: expected number') }) },
            ),
            execute: () => Promise.resolve('x'),
          }),
        },
      }),
    wait('internal'),
  ),
];

// The Responses API's stream failures as the AI SDK's OpenAI Responses model hands them on: an
// `error` part whose `error` is the event itself (platform.openai.com/docs/api-reference/
// responses-streaming, "response.failed" and "error").
const responsesPart = (event: string, data: Record<string, unknown>) =>
  viaStreamPart0(streamed(sse(event, data)));
const viaStreamPart0 = (reply: Reply) => async () => {
  const result = streamText({
    model: openai(reply, '/responses').responses('gpt-5'),
    prompt: 'hi',
    maxRetries: 0,
    onError: () => undefined,
  });
  for await (const part of result.fullStream) if (part.type === 'error') return part;
  throw new Error('expected an error part');
};
const failed = (code: string, message: string) =>
  responsesPart('response.failed', {
    type: 'response.failed',
    sequence_number: 1,
    response: {
      id: 'resp_1',
      object: 'response',
      created_at: 1,
      status: 'failed',
      model: 'gpt-5',
      output: [],
      error: { code, message },
      incomplete_details: null,
    },
  });
const errorEvent = (code: string, message: string) =>
  responsesPart('error', { type: 'error', sequence_number: 1, code, message, param: null });

const aiStreamCases: FreshCase[] = [
  c(
    'Responses model: response.failed server_error part',
    failed('server_error', 'Server error.'),
    wait('internal'),
  ),
  c(
    'Responses model: response.failed rate_limit_exceeded part',
    failed('rate_limit_exceeded', 'Rate limit reached.'),
    wait('rate_limit'),
  ),
  c(
    'Responses model: response.failed invalid_base64_image part',
    failed('invalid_base64_image', 'Invalid base64 image.'),
    no('validation'),
  ),
  c(
    'Responses model: response.failed image_content_policy_violation part',
    failed('image_content_policy_violation', 'The image violates our content policy.'),
    no('validation'),
  ),
  c(
    'Responses model: error event insufficient_quota part',
    errorEvent('insufficient_quota', 'You exceeded your current quota.'),
    no('quota'),
  ),
  c(
    'Responses model: error event server_error part',
    errorEvent('server_error', 'The server had an error.'),
    wait('internal'),
  ),
  c(
    'chat stream error chunk rate_limit_exceeded part',
    viaStreamPart(
      streamed(
        sse(undefined, {
          error: { message: 'Rate limit reached', type: 'requests', code: 'rate_limit_exceeded' },
        }),
      ),
    ),
    wait('rate_limit'),
  ),
  c(
    'chat stream error chunk invalid_prompt part',
    viaStreamPart(
      streamed(
        sse(undefined, {
          error: {
            message:
              'Invalid prompt: your prompt was flagged as potentially violating our usage policy.',
            type: 'invalid_request_error',
            code: 'invalid_prompt',
          },
        }),
      ),
    ),
    no('validation'),
  ),
];

// ---------------------------------------------------------------------------------------------
// The OpenAI Agents SDK (@openai/agents 0.14.3): its runner against the OpenAI models it ships
// (OpenAIChatCompletionsModel, OpenAIResponsesModel) pointed at the server, run and streamed.
// Classes: openai.github.io/openai-agents-js/guides/running-agents ("Exceptions").
// ---------------------------------------------------------------------------------------------

const client = (reply: Reply, sub = '/chat/completions') =>
  new OpenAI({ baseURL: base(sub, reply), apiKey: 'k', maxRetries: 0 });
const chatAgent = (reply: Reply, extra: Record<string, unknown> = {}) =>
  new Agent({
    name: 'a',
    model: new OpenAIChatCompletionsModel(client(reply), 'gpt-4o'),
    ...extra,
  });
const agentsRun =
  (agent: () => Agent, options: Record<string, unknown> = {}) =>
  () =>
    rejected(run(agent(), 'hi', options));
/** What a streamed run fails with: thrown while iterating, or its `completed` rejecting. */
const agentsStream =
  (agent: () => Agent, options: Record<string, unknown> = {}) =>
  async () => {
    try {
      const result = await run(agent(), 'hi', { ...options, stream: true });
      for await (const event of result) void event;
      await result.completed;
      if (result.error !== undefined && result.error !== null) return result.error;
    } catch (error) {
      return error;
    }
    throw new Error('expected the streamed run to fail');
  };
const chunk = (delta: Record<string, unknown>, finish: string | null = null) =>
  sse(undefined, {
    id: 'c1',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'gpt-4o',
    choices: [{ index: 0, delta, finish_reason: finish }],
  });
const streamSays = (text: string) =>
  streamed(chunk({ role: 'assistant', content: text }) + chunk({}, 'stop') + 'data: [DONE]\n\n');
const streamCalls = (name: string, args: string) =>
  streamed(
    chunk({
      role: 'assistant',
      tool_calls: [
        { index: 0, id: 'call_1', type: 'function', function: { name, arguments: args } },
      ],
    }) +
      chunk({}, 'tool_calls') +
      'data: [DONE]\n\n',
  );
const echo = tool({
  name: 'echo',
  description: 'Echo',
  parameters: z.object({ text: z.string() }),
  execute: ({ text }) => Promise.resolve(text),
});
const trips = (name: string) => ({
  name,
  execute: () => Promise.resolve({ tripwireTriggered: true, outputInfo: { name } }),
});

const agentsCases: FreshCase[] = [
  ...[FAILURES[0]!, FAILURES[5]!, FAILURES[6]!, FAILURES[7]!, FAILURES[9]!].map((f) =>
    c(
      `run() on OpenAIChatCompletionsModel, ${f.label}`,
      agentsRun(() => chatAgent(f.reply)),
      f.careful,
    ),
  ),
  ...[FAILURES[2]!, FAILURES[5]!, FAILURES[11]!].map((f) =>
    c(
      `streamed run() on OpenAIChatCompletionsModel, ${f.label}`,
      agentsStream(() => chatAgent(f.reply)),
      f.careful,
    ),
  ),
  ...[FAILURES[1]!, FAILURES[5]!, FAILURES[8]!].map((f) =>
    c(
      `run() on OpenAIResponsesModel, ${f.label}`,
      agentsRun(
        () =>
          new Agent({
            name: 'a',
            model: new OpenAIResponsesModel(client(f.reply, '/responses'), 'gpt-5'),
          }),
      ),
      f.careful,
    ),
  ),
  c(
    'streamed run(): InputGuardrailTripwireTriggered',
    agentsStream(() => chatAgent(streamSays('ok'), { inputGuardrails: [trips('no pii')] })),
    no('validation'),
  ),
  c(
    'streamed run(): OutputGuardrailTripwireTriggered',
    agentsStream(() =>
      chatAgent(streamSays('the key is sk-1'), { outputGuardrails: [trips('no keys')] }),
    ),
    no('validation'),
  ),
  c(
    'streamed run(): MaxTurnsExceededError (maxTurns: 1, the model keeps calling a tool)',
    agentsStream(() => chatAgent(streamCalls('echo', '{"text":"x"}'), { tools: [echo] }), {
      maxTurns: 1,
    }),
    no('quota'),
  ),
  c(
    'streamed run(): ModelBehaviorError (a tool the agent lacks)',
    agentsStream(() => chatAgent(streamCalls('nope', '{}'), { tools: [echo] })),
    wait('internal'),
  ),
  c(
    'run(): MaxTurnsExceededError (maxTurns: 1)',
    agentsRun(() => chatAgent(calls('echo', '{"text":"x"}'), { tools: [echo] }), { maxTurns: 1 }),
    no('quota'),
  ),
  c(
    'run(): ModelBehaviorError (the final output is JSON off the output type)',
    agentsRun(() =>
      chatAgent(says('{"answer": 1}'), { outputType: z.object({ answer: z.string() }) }),
    ),
    wait('internal'),
  ),
  c(
    'run(): InputGuardrailTripwireTriggered (runInParallel: false)',
    agentsRun(() =>
      chatAgent(says('ok'), { inputGuardrails: [{ ...trips('blocking'), runInParallel: false }] }),
    ),
    no('validation'),
  ),
  c(
    'run(): GuardrailExecutionError over a guardrail that threw a TypeError',
    agentsRun(() =>
      chatAgent(says('ok'), {
        inputGuardrails: [
          { name: 'broken', execute: () => Promise.reject(new TypeError('x is undefined')) },
        ],
      }),
    ),
    no('internal'),
  ),
  c(
    'run(): ToolCallError over an OpenAI 401 the tool met',
    agentsRun(() =>
      chatAgent(inTurn(calls('lookup', '{}'), says('done')), {
        tools: [
          tool({
            name: 'lookup',
            description: 'Lookup',
            parameters: z.object({}),
            errorFunction: null,
            execute: async () => {
              await client(FAILURES[0]!.reply, '/models').models.list();
              return 'x';
            },
          }),
        ],
      }),
    ),
    no('auth'),
  ),
  c(
    'run(): ToolCallError over an AI SDK RetryError (its last attempt a 503)',
    agentsRun(() =>
      chatAgent(inTurn(calls('summarise', '{}'), says('done')), {
        tools: [
          tool({
            name: 'summarise',
            description: 'Summarise',
            parameters: z.object({}),
            errorFunction: null,
            execute: async () =>
              (
                await generateText({
                  model: chatModel(soon(FAILURES[10]!)),
                  prompt: 'x',
                  maxRetries: 1,
                })
              ).text,
          }),
        ],
      }),
    ),
    wait('unavailable'),
  ),
  c(
    'UserError (the constructor, as the runner raises it for a bad configuration)',
    () => Promise.resolve(new UserError('Duplicate tool names found: echo')),
    no('internal'),
  ),
  c(
    'SystemError (the constructor, as the runner raises it)',
    () => Promise.resolve(new SystemError('Unexpected response type: undefined')),
    no('internal'),
  ),
];

// ---------------------------------------------------------------------------------------------
// LangChain (@langchain/core 1.x, @langchain/openai 1.5.8). Error codes: docs.langchain.com/oss/
// javascript/langchain/errors (MODEL_RATE_LIMIT, MODEL_AUTHENTICATION, MODEL_NOT_FOUND,
// INVALID_PROMPT_INPUT, INVALID_TOOL_RESULTS, MESSAGE_COERCION_FAILURE, OUTPUT_PARSING_FAILURE).
// ---------------------------------------------------------------------------------------------

const chat = (reply: Reply, options: Record<string, unknown> = {}) =>
  new ChatOpenAI({
    model: 'gpt-4o',
    apiKey: 'k',
    maxRetries: 0,
    configuration: { baseURL: base('/chat/completions', reply) },
    ...options,
  });
const lcStream = (reply: Reply) => () =>
  rejected(async () => {
    for await (const part of await chat(reply).stream('hi')) void part;
  });

const langchainCases: FreshCase[] = [
  ...[FAILURES[5]!, FAILURES[7]!, FAILURES[8]!, FAILURES[11]!, FAILURES[3]!, FAILURES[4]!].map(
    (f) => c(`ChatOpenAI.invoke ${f.label}`, () => rejected(chat(f.reply).invoke('hi')), f.careful),
  ),
  ...[FAILURES[0]!, FAILURES[5]!, FAILURES[6]!, FAILURES[10]!].map((f) =>
    c(`ChatOpenAI.stream ${f.label}`, lcStream(f.reply), f.careful),
  ),
  ...[FAILURES[0]!, FAILURES[5]!, FAILURES[9]!].map((f) =>
    c(
      `OpenAIEmbeddings.embedQuery ${f.label}`,
      () =>
        rejected(
          new OpenAIEmbeddings({
            apiKey: 'k',
            maxRetries: 0,
            configuration: { baseURL: base('/embeddings', f.reply) },
          }).embedQuery('hi'),
        ),
      f.careful,
    ),
  ),
  c(
    'ChatOpenAI.withStructuredOutput: the model answered off the schema',
    () =>
      rejected(
        chat(says('{"answer": 3}'))
          .withStructuredOutput(z.object({ answer: z.string() }), { method: 'jsonMode' })
          .invoke('hi'),
      ),
    wait('internal'),
  ),
  c(
    'OutputParserException: JsonMarkdownStructuredOutputParser on JSON off the schema',
    () =>
      rejected(
        JsonMarkdownStructuredOutputParser.fromZodSchema(z.object({ a: z.string() })).parse(
          '```json\n{"a": 1}\n```',
        ),
      ),
    wait('internal'),
  ),
  c(
    'OutputParserException: StructuredOutputParser on JSON off the schema',
    () =>
      rejected(
        StructuredOutputParser.fromZodSchema(z.object({ n: z.number() })).parse('{"n": "one"}'),
      ),
    wait('internal'),
  ),
  c(
    'OutputParserException: JsonOutputKeyToolsParser (returnSingle) with tool args off the schema',
    () =>
      rejected(
        new JsonOutputKeyToolsParser({
          keyName: 'weather',
          returnSingle: true,
          zodSchema: z.object({ city: z.string() }),
        }).parseResult([
          {
            text: '',
            message: new AIMessage({
              content: '',
              tool_calls: [{ id: 'c1', name: 'weather', args: { city: 7 } }],
            }),
          },
        ] as never),
      ),
    wait('internal'),
  ),
  c(
    'INVALID_PROMPT_INPUT: ChatPromptTemplate missing a variable',
    () =>
      rejected(
        ChatPromptTemplate.fromMessages([['human', 'Summarise {doc} as {style}']]).invoke({
          doc: 'x',
        }),
      ),
    no('validation'),
  ),
  c(
    'INVALID_PROMPT_INPUT: MessagesPlaceholder given a number',
    () =>
      rejected(
        ChatPromptTemplate.fromMessages([new MessagesPlaceholder('history')]).invoke({
          history: 42,
        }),
      ),
    no('validation'),
  ),
  c(
    'MESSAGE_COERCION_FAILURE: a message object with no role',
    () =>
      rejected(async () => {
        await Promise.resolve();
        coerceMessageLikeToMessage({ text: 'hi' } as never);
      }),
    no('validation'),
  ),
  c(
    'ChatOpenAI.invoke with an aborted signal',
    () => {
      const controller = new AbortController();
      controller.abort();
      return rejected(
        chat(says('x')).invoke([new HumanMessage('hi')], { signal: controller.signal }),
      );
    },
    no('cancelled'),
  ),
];

// ---------------------------------------------------------------------------------------------
// LangGraph (@langchain/langgraph 1.7.3). Its errors (src/errors.ts) and codes: docs.langchain.
// com/oss/javascript/langgraph/<code> (GRAPH_RECURSION_LIMIT, INVALID_CONCURRENT_GRAPH_UPDATE,
// INVALID_GRAPH_NODE_RETURN_VALUE, MISSING_CHECKPOINTER, UNREACHABLE_NODE, MULTIPLE_SUBGRAPHS).
// ---------------------------------------------------------------------------------------------

const State = Annotation.Root({ n: Annotation<number>, log: Annotation<string> });
const loop = () =>
  new StateGraph(State)
    .addNode('tick', (s) => ({ n: (s.n ?? 0) + 1 }))
    .addEdge(START, 'tick')
    .addConditionalEdges('tick', () => 'tick')
    .compile();
const fanOut = () =>
  new StateGraph(State)
    .addNode('a', () => ({ log: 'a' }))
    .addNode('b', () => ({ log: 'b' }))
    .addEdge(START, 'a')
    .addEdge(START, 'b')
    .addEdge('a', END)
    .addEdge('b', END)
    .compile();
const oneNode = (node: (s: typeof State.State) => unknown, options: Record<string, unknown> = {}) =>
  new StateGraph(State)
    .addNode('only', node as never, options)
    .addEdge(START, 'only')
    .addEdge('only', END)
    .compile();
const graphStream =
  (
    graph: { stream: (input: { n: number }, config: object) => Promise<AsyncIterable<unknown>> },
    config: Record<string, unknown> = {},
  ) =>
  () =>
    rejected(async () => {
      for await (const chunk of await graph.stream({ n: 0 }, config)) void chunk;
    });

const langgraphCases: FreshCase[] = [
  c(
    'GraphRecursionError (invoke, recursionLimit 5)',
    () => rejected(loop().invoke({ n: 0 }, { recursionLimit: 5 })),
    no('quota'),
  ),
  c('GraphRecursionError (stream, default limit)', graphStream(loop()), no('quota')),
  c(
    'InvalidUpdateError INVALID_CONCURRENT_GRAPH_UPDATE (two nodes write one LastValue)',
    () => rejected(fanOut().invoke({ n: 0 })),
    no('internal'),
  ),
  c(
    'InvalidUpdateError INVALID_GRAPH_NODE_RETURN_VALUE (a node returned a string)',
    () => rejected(oneNode(() => 'done').invoke({ n: 0 })),
    no('internal'),
  ),
  c(
    'InvalidUpdateError INVALID_GRAPH_NODE_RETURN_VALUE (stream)',
    graphStream(oneNode(() => 7)),
    no('internal'),
  ),
  c(
    'GraphValueError MISSING_CHECKPOINTER (interrupt() with no checkpointer)',
    () => rejected(oneNode(() => ({ log: String(interrupt('approve?')) })).invoke({ n: 0 })),
    no('internal'),
  ),
  c(
    'UnreachableNodeError (a node no edge reaches)',
    () =>
      rejected(async () => {
        await Promise.resolve();
        new StateGraph(State)
          .addNode('a', () => ({}))
          .addNode('orphan', () => ({}))
          .addEdge(START, 'a')
          .addEdge('a', END)
          .addEdge('orphan', END)
          .compile();
      }),
    no('internal'),
  ),
  c(
    'EmptyInputError (invoke with no input)',
    () => rejected(oneNode(() => ({})).invoke(null as never)),
    no('validation'),
  ),
  c(
    'EmptyInputError (an empty Command)',
    () => rejected(oneNode(() => ({})).invoke(new Command({}) as never)),
    no('validation'),
  ),
  c(
    'StateGraphInputError (a state that is no schema)',
    () =>
      rejected(async () => {
        await Promise.resolve();
        new StateGraph({ foo: 'bar' } as never);
      }),
    no('internal'),
  ),
  c(
    'NodeTimeoutError (a node past its run timeout)',
    () =>
      rejected(
        oneNode(() => new Promise(() => undefined), {
          timeout: { runTimeout: 20 },
        } as never).invoke({
          n: 0,
        }),
      ),
    wait('timeout'),
  ),
  c(
    'a node whose ChatOpenAI call met a 429 with retry-after-ms: 20 (invoke)',
    () =>
      rejected(
        oneNode(async () => ({
          log: String((await chat(FAILURES[5]!.reply).invoke('x')).content),
        })).invoke({ n: 0 }),
      ),
    wait('rate_limit', 20),
  ),
  c(
    'a node whose ChatOpenAI call met a 401 (stream)',
    graphStream(
      oneNode(async () => ({ log: String((await chat(FAILURES[0]!.reply).invoke('x')).content) })),
    ),
    no('auth'),
  ),
  c(
    'ToolNode (handleToolErrors: false) over a tool that met an OpenAI 503',
    () =>
      rejected(
        new ToolNode(
          [
            lcTool(
              async () => {
                await client(FAILURES[10]!.reply, '/models').models.list();
                return 'x';
              },
              { name: 'lookup', schema: z.object({}) },
            ),
          ],
          { handleToolErrors: false },
        ).invoke({
          messages: [
            new AIMessage({ content: '', tool_calls: [{ id: 'c1', name: 'lookup', args: {} }] }),
          ],
        }),
      ),
    wait('unavailable'),
  ),
  c(
    'GraphInterrupt (the constructor, as interrupt() raises it inside a node)',
    () => Promise.resolve(new GraphInterrupt([{ value: 'approve?', id: 'i1' }])),
    no('cancelled'),
  ),
  c(
    'NodeInterrupt (the constructor, a node stopping for a human)',
    () => Promise.resolve(new NodeInterrupt('needs approval')),
    no('cancelled'),
  ),
  c(
    'ParentCommand (the constructor, a Command for the parent graph bubbling up)',
    () => Promise.resolve(new ParentCommand(new Command({ goto: 'b', graph: Command.PARENT }))),
    no('cancelled'),
  ),
  c(
    'UnknownInterruptError (the constructor, as a strict resume raises it)',
    () =>
      Promise.resolve(
        new UnknownInterruptError('Resume names interrupts that are not pending: i9', {
          reason: 'not_pending',
          interruptIds: ['i9'],
          pendingIds: ['i1'],
        } as never),
      ),
    no('validation'),
  ),
  c(
    'GraphDrained (the constructor, as a drain request raises it)',
    () => Promise.resolve(new GraphDrained('shutdown')),
    no('cancelled'),
  ),
  c(
    'RemoteException (the constructor, as RemoteGraph raises a server error event)',
    () =>
      Promise.resolve(
        new RemoteException(JSON.stringify({ error: 'ValueError', message: 'bad input' })),
      ),
    no('internal'),
  ),
  c(
    'EmptyChannelError (the constructor, as a channel read raises it)',
    () => Promise.resolve(new EmptyChannelError()),
    no('internal'),
  ),
  c(
    'MultipleSubgraphsError (the constructor, MULTIPLE_SUBGRAPHS)',
    () =>
      Promise.resolve(
        new MultipleSubgraphsError('Multiple subgraphs called inside the same node', {
          lc_error_code: 'MULTIPLE_SUBGRAPHS',
        }),
      ),
    no('internal'),
  ),
];

// ---------------------------------------------------------------------------------------------
// The provider SDKs' own streams where no test here has read them: the Responses API's
// `response.failed` codes (platform.openai.com/docs/api-reference/responses/object, `error.code`)
// as the OpenAI SDK yields the event, and Anthropic's `event: error` mid-stream
// (docs.claude.com/en/docs/build-with-claude/streaming, "Error events") as its SDK throws it.
// ---------------------------------------------------------------------------------------------

const { responsesEvents, anthropicMidStream } = providerStreams(base);
const sdkFailed = (code: string, message: string) =>
  responsesEvents(
    sse('response.failed', {
      type: 'response.failed',
      sequence_number: 2,
      response: {
        id: 'resp_3',
        object: 'response',
        created_at: 3,
        status: 'failed',
        model: 'gpt-5',
        output: [],
        incomplete_details: null,
        error: { code, message },
      },
    }),
  );

const providerStreamCases: FreshCase[] = [
  c(
    'openai Responses stream: response.failed empty_image_file',
    sdkFailed('empty_image_file', 'The image file is empty.'),
    no('validation'),
  ),
  c(
    'openai Responses stream: response.failed invalid_image_mode',
    sdkFailed('invalid_image_mode', 'The image mode is not supported.'),
    no('validation'),
  ),
  c(
    'openai Responses stream: response.failed image_parse_error',
    sdkFailed('image_parse_error', 'The image could not be parsed.'),
    no('validation'),
  ),
  c(
    'openai Responses stream: response.failed image_file_too_large',
    sdkFailed('image_file_too_large', 'The image file is too large.'),
    no('validation'),
  ),
  c(
    'openai Responses stream: response.failed failed_to_download_image',
    sdkFailed('failed_to_download_image', 'Failed to download the image.'),
    no('validation'),
  ),
  c(
    'openai Responses stream: response.failed image_too_small',
    sdkFailed('image_too_small', 'The image is too small.'),
    no('validation'),
  ),
  c(
    'Anthropic stream: event: error request_too_large',
    anthropicMidStream('request_too_large', 'Request exceeds the maximum size.'),
    no('validation'),
  ),
  c(
    'agents streamed run() on OpenAIResponsesModel: the raw_model_stream_event carrying response.failed rate_limit_exceeded (the run itself goes on to its turn limit)',
    async () => {
      const failing = sse('response.failed', {
        type: 'response.failed',
        sequence_number: 1,
        response: {
          id: 'resp_4',
          object: 'response',
          created_at: 4,
          status: 'failed',
          model: 'gpt-5',
          output: [],
          incomplete_details: null,
          error: { code: 'rate_limit_exceeded', message: 'Rate limit reached.' },
        },
      });
      const agent = new Agent({
        name: 'a',
        model: new OpenAIResponsesModel(client(streamed(failing), '/responses'), 'gpt-5'),
      });
      const result = await run(agent, 'hi', { stream: true, maxTurns: 1 });
      let seen: unknown;
      try {
        for await (const event of result) {
          const data = (event as { data?: { event?: { type?: string } } }).data;
          if (seen === undefined && data?.event?.type === 'response.failed') seen = event;
        }
        await result.completed;
      } catch {
        // The run ends on its turn limit: the event said why.
      }
      if (seen === undefined) throw new Error('expected a raw response.failed event');
      return seen;
    },
    wait('rate_limit'),
  ),
];

describe('fresh agent-framework errors (round 7)', () => {
  freshCases('ai statuses', statusCases);
  freshCases('ai classes', aiSdkCases);
  freshCases('ai streams', aiStreamCases);
  freshCases('agents', agentsCases);
  freshCases('langchain', langchainCases);
  freshCases('langgraph', langgraphCases);
  freshCases('provider streams', providerStreamCases);
});

import Anthropic from '@anthropic-ai/sdk';
import { GoogleGenAI } from '@google/genai';
import OpenAI from 'openai';
import { rejection } from './provider-server.js';
import type { ScriptedAnswer, scriptedServer } from './provider-server.js';

type Server = Awaited<ReturnType<typeof scriptedServer>>;

/**
 * One chat request through each provider's own SDK (no retries of its own) to `server`, after it
 * is told to give `answer`: what the SDK threw, as it builds it.
 */
export function providerClients(server: Server) {
  return {
    viaOpenAI(answer: ScriptedAnswer): Promise<unknown> {
      server.answer(answer);
      const client = new OpenAI({ apiKey: 'k', baseURL: `${server.url}/v1`, maxRetries: 0 });
      return rejection(() =>
        client.chat.completions.create({ model: 'm', messages: [{ role: 'user', content: 'hi' }] }),
      );
    },
    viaAnthropic(answer: ScriptedAnswer): Promise<unknown> {
      server.answer(answer);
      const client = new Anthropic({ apiKey: 'k', baseURL: server.url, maxRetries: 0 });
      return rejection(() =>
        client.messages.create({
          model: 'claude-sonnet-4-6',
          max_tokens: 8,
          messages: [{ role: 'user', content: 'hi' }],
        }),
      );
    },
    viaGemini(answer: ScriptedAnswer): Promise<unknown> {
      server.answer(answer);
      const client = new GoogleGenAI({
        apiKey: 'k',
        httpOptions: { baseUrl: server.url, retryOptions: { attempts: 1 } },
      });
      return rejection(() =>
        client.models.generateContent({ model: 'gemini-2.5-flash', contents: 'hi' }),
      );
    },
  };
}

// Chat completions through any OpenAI-compatible `/v1/chat/completions` endpoint (OpenAI, Ollama,
// vLLM, OpenRouter).
import { EngineError, engineRequest, normaliseBaseUrl } from './engine.ts';

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  model: string;
  messages: ChatMessage[];
  /** Ask for a JSON object (`response_format: { type: 'json_object' }`). */
  json?: boolean;
  temperature?: number;
  signal?: AbortSignal | undefined;
}

/** Answers a conversation with the assistant's next message. */
export interface ChatClient {
  complete(request: ChatRequest): Promise<string>;
  /**
   * Runs `asks` with a client whose requests, made one after another, keep their engine's slot
   * from one to the next (an engine pool's, processing/engine-pool.ts); absent: every request on
   * its own.
   */
  inSequence?<T>(asks: (client: ChatClient) => Promise<T>): Promise<T>;
}

export interface ChatClientOptions {
  /** With or without the trailing `/v1`. */
  baseUrl: string;
  apiKey?: string | undefined;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export function createChatClient(options: ChatClientOptions): ChatClient {
  const url = `${normaliseBaseUrl(options.baseUrl)}/chat/completions`;
  const timeoutMs = options.timeoutMs ?? 300_000;
  return {
    async complete(request) {
      const response = await engineRequest({
        engine: 'llm',
        url,
        apiKey: options.apiKey,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          model: request.model,
          messages: request.messages,
          temperature: request.temperature ?? 0.2,
          ...(request.json ? { response_format: { type: 'json_object' } } : {}),
        }),
        timeoutMs,
        signal: request.signal,
        fetch: options.fetch,
      });
      let content: unknown;
      try {
        const body = JSON.parse(response.text) as {
          choices?: { message?: { content?: unknown } }[];
        };
        content = body.choices?.[0]?.message?.content;
      } catch {
        content = undefined;
      }
      if (typeof content !== 'string') {
        throw new EngineError('llm', 'invalidAnswer', 'chat answer without message content');
      }
      return content;
    },
  };
}

import { type GenerateContentParameters, type GenerateContentResponse, GoogleGenAI } from '@google/genai';
import { promptContents, SYSTEM_INSTRUCTION } from './prompt.js';
import { AssistantAborted, AssistantFailure, type AssistantProvider, type AssistantQuestion } from './provider.js';

// Gemini through the official SDK. The SDK's own retries stay off (its default) and its timeout is not
// used: we retry once ourselves on 429 or 5xx, and keep our own deadline per attempt so that a timeout
// (504 for the client) is told apart from the asker going away and from an upstream failure (502).

export interface GeminiOptions {
  apiKey: string;
  model: string;
  /** Another endpoint than Google's (tests point it at a stub on loopback). */
  baseUrl?: string | undefined;
  /** Per attempt; for a stream, the longest wait for the first or the next piece. */
  timeoutMs: number;
  /** Pause before the one retry. */
  retryDelayMs?: number;
}

const DEFAULT_RETRY_DELAY_MS = 500;

/** Text of the first candidate, without the model's "thought" parts. */
function textOf(response: GenerateContentResponse): string {
  const parts = response.candidates?.[0]?.content?.parts ?? [];
  return parts
    .filter((part) => typeof part.text === 'string' && part.thought !== true)
    .map((part) => part.text)
    .join('');
}

/**
 * The HTTP status of a failed call. The SDK's ApiError carries it; other errors may not, but the
 * message of a non-JSON failure still holds Google's error JSON with its "code".
 */
export function upstreamStatus(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status === 'number' && status >= 100 && status < 600) return status;
  const message = error instanceof Error ? error.message : '';
  const code = /"code":\s*(\d{3})\b/.exec(message)?.[1];
  return code ? Number(code) : undefined;
}

/** One attempt's abort signal: fires on our deadline or when the caller's signal does, and says which. */
class Deadline {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private timedOut = false;
  private readonly onCallerAbort = () => this.controller.abort();

  constructor(
    private readonly timeoutMs: number,
    private readonly caller: AbortSignal | undefined,
  ) {
    if (caller?.aborted) this.controller.abort();
    caller?.addEventListener('abort', this.onCallerAbort, { once: true });
    this.restart();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** Starts the wait again (a stream made progress). */
  restart(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort();
    }, this.timeoutMs);
  }

  /** Ends the attempt; aborting also stops a stream its consumer left before the end. */
  dispose(): void {
    clearTimeout(this.timer);
    this.caller?.removeEventListener('abort', this.onCallerAbort);
    this.controller.abort();
  }

  /** What an error thrown during this attempt means for the assistant. */
  explain(error: unknown): AssistantFailure | AssistantAborted {
    if (this.caller?.aborted) return new AssistantAborted();
    if (this.timedOut) return new AssistantFailure('timeout');
    if (error instanceof AssistantFailure) return error;
    return new AssistantFailure('unavailable', upstreamStatus(error));
  }
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
}

export function createGeminiProvider(options: GeminiOptions): AssistantProvider {
  // vertexai: false so that GOOGLE_GENAI_USE_VERTEXAI in the environment cannot redirect the calls.
  // apiVersion: @google/genai 3 moved its default for the Gemini API from v1beta to v1; we stay on the
  // v1beta endpoints that this client (and the test stub standing in for Gemini) was built against.
  const client = new GoogleGenAI({
    apiKey: options.apiKey,
    vertexai: false,
    httpOptions: { apiVersion: 'v1beta', ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) },
  });
  const retryDelayMs = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;

  const request = (question: AssistantQuestion, signal: AbortSignal): GenerateContentParameters => ({
    model: options.model,
    contents: promptContents(question),
    // automaticContinuation (new in @google/genai 3, on by default) would send the request again by
    // itself when an answer stops for a continuation token: off, so that one attempt stays one request
    // under our own deadline and retry rules.
    config: { systemInstruction: SYSTEM_INSTRUCTION, abortSignal: signal, automaticContinuation: false },
  });

  async function answerOnce(question: AssistantQuestion, signal: AbortSignal | undefined): Promise<string> {
    const deadline = new Deadline(options.timeoutMs, signal);
    try {
      return textOf(await client.models.generateContent(request(question, deadline.signal)));
    } catch (error) {
      throw deadline.explain(error);
    } finally {
      deadline.dispose();
    }
  }

  return {
    name: 'gemini',
    model: options.model,

    async answer(question, signal) {
      try {
        return await answerOnce(question, signal);
      } catch (error) {
        if (!(error instanceof AssistantFailure && error.retryable)) throw error;
        await pause(retryDelayMs, signal);
        if (signal?.aborted) throw new AssistantAborted();
        return answerOnce(question, signal);
      }
    },

    async *stream(question, signal) {
      for (let attempt = 1; ; attempt++) {
        const deadline = new Deadline(options.timeoutMs, signal);
        let started = false;
        try {
          const pieces = await client.models.generateContentStream(request(question, deadline.signal));
          for await (const piece of pieces) {
            deadline.restart();
            const text = textOf(piece);
            if (text === '') continue;
            started = true;
            yield text;
          }
          return;
        } catch (error) {
          const failure = deadline.explain(error);
          // Only a stream that has not started can be retried: the asker has seen nothing yet.
          if (started || attempt > 1 || !(failure instanceof AssistantFailure && failure.retryable)) throw failure;
        } finally {
          deadline.dispose();
        }
        await pause(retryDelayMs, signal);
        if (signal?.aborted) throw new AssistantAborted();
      }
    },
  };
}

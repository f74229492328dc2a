import type { Config } from '../config.js';
import type { Queryable } from '../db/client.js';
import { createGeminiProvider } from './gemini.js';
import { createOfflineAssistant } from './offline/index.js';
import type { AssistantProvider } from './provider.js';

/** Chosen once at start: GEMINI_API_KEY set means Gemini, otherwise the offline assistant. */
export function createAssistantProvider(config: Config, db: Queryable): AssistantProvider {
  const { geminiApiKey, geminiModel, geminiBaseUrl, timeoutMs } = config.assistant;
  if (geminiApiKey) {
    return createGeminiProvider({ apiKey: geminiApiKey, model: geminiModel, baseUrl: geminiBaseUrl, timeoutMs });
  }
  return createOfflineAssistant(db);
}

/** The start-up line saying which assistant answers (never the key). */
export function describeAssistant(config: Config): string {
  const { geminiApiKey, geminiModel } = config.assistant;
  return geminiApiKey
    ? `Assistant: Gemini (${geminiModel})`
    : 'Assistant: offline (no GEMINI_API_KEY; answers from Mentora content without any network)';
}

/**
 * One call to an OpenAI-compatible chat endpoint, `POST {base}/chat/completions`, whose answer is a
 * JSON object in the message's content. Every failure becomes a TextFailure with a reason safe to
 * store: the provider's own error text is dropped (it can quote the key), only its code and type kept.
 */
import { failureOf, identifier, ProviderFailure, readCapped } from '../http/answers';
import type { OpenAiTextConfig } from './config';
import type { TextFallback } from './types';

export type ChatMessage = { role: 'system' | 'user'; content: string };

/** A chat answer is a few hundred bytes; anything near this is not one. */
const MAX_ANSWER_BYTES = 64 * 1024;

export class TextFailure extends Error {
  constructor(readonly fallback: TextFallback) {
    super(`copy not written by the model: ${fallback.reason}${fallback.issue ? ` (${fallback.issue})` : ''}`);
    this.name = 'TextFailure';
  }
}

const malformed = () => new TextFailure({ reason: 'malformed_response' });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw malformed();
  }
}

/** The JSON object in a message's content; a ```json fence around the whole of it is tolerated. */
function objectIn(content: string): Record<string, unknown> {
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(content.trim());
  const value = parseJson(fenced ? fenced[1]! : content);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw malformed();
  return value as Record<string, unknown>;
}

export async function askForJson(
  config: OpenAiTextConfig,
  messages: ChatMessage[],
): Promise<Record<string, unknown>> {
  const signal = AbortSignal.timeout(config.timeoutMs);
  let body: Buffer;
  try {
    const response = await fetch(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${config.apiKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: config.model, messages, temperature: 0.7, max_tokens: 300 }),
      signal,
      redirect: 'error',
    });
    body = await readCapped(response, MAX_ANSWER_BYTES);
    if (!response.ok) {
      const error = (parseJsonOrNull(body) as { error?: { code?: unknown; type?: unknown } } | null)?.error;
      const code = identifier(error?.code);
      const type = identifier(error?.type);
      throw new TextFailure({
        reason: `http_${response.status}`,
        status: response.status,
        ...(code && { code }),
        ...(type && { type }),
      });
    }
  } catch (error) {
    if (error instanceof TextFailure) throw error;
    const failure = error instanceof ProviderFailure ? error : failureOf(error, signal);
    const { reason, status, code, type } = failure.fallback;
    if (
      reason === 'timeout' ||
      reason === 'network' ||
      reason === 'too_large' ||
      reason.startsWith('http_')
    ) {
      throw new TextFailure({
        reason: reason as TextFallback['reason'],
        ...(status && { status }),
        ...(code && { code }),
        ...(type && { type }),
      });
    }
    throw new TextFailure({ reason: 'network' });
  }
  const answer = parseJson(body.toString('utf8')) as { choices?: { message?: { content?: unknown } }[] };
  const content = Array.isArray(answer?.choices) ? answer.choices[0]?.message?.content : undefined;
  if (typeof content !== 'string') throw malformed();
  return objectIn(content);
}

function parseJsonOrNull(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return null;
  }
}

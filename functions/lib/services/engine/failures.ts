import { APIConnectionError as AnthropicConnectionError, APIConnectionTimeoutError as AnthropicTimeout } from '@anthropic-ai/sdk';
import { APIConnectionError as OpenAiConnectionError, APIConnectionTimeoutError as OpenAiTimeout } from 'openai';
import { BadGatewayError } from '../../http/errors';
import { OutboundUrlError } from '../outbound-url';

/**
 * A provider's failure in words for the person who ran the prompt, from either SDK's errors
 * (openai and @anthropic-ai/sdk share the shape: `status`, a connection error, a time-out). What a
 * provider says about a refused request is kept (it names the setting at fault), clipped, and
 * never with the key in it.
 */
interface SdkErrorLike {
  status?: number;
  message?: string;
  cause?: unknown;
  error?: { message?: string; error?: { message?: string } };
}

// Class names do not survive minifying: the SDKs' own classes tell their errors apart.
const timedOut = (e: unknown) => e instanceof OpenAiTimeout || e instanceof AnthropicTimeout;
/** A connection error of either SDK (a time-out is one too, so ask timedOut first). */
const unreachable = (e: unknown) => e instanceof OpenAiConnectionError || e instanceof AnthropicConnectionError;

export const TIMED_OUT = 'The AI service did not answer in time. Please try again.';
export const EMPTY_ANSWER = 'The AI service returned an empty answer. Please try again.';

/** The provider's own message about a refused request, without the key, at most 200 characters. */
function providerMessage(error: SdkErrorLike, secret: string | undefined): string {
  const raw = error.error?.error?.message ?? error.error?.message ?? '';
  const text = (secret ? raw.split(secret).join('…') : raw).replace(/\b(sk|key)-[\w-]{8,}/gi, '…').trim();
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

/** What went wrong, as a phrase: "failed (500)", "refused the API key (401)". */
export function failurePhrase(error: unknown, secret?: string): string {
  const e = (error ?? {}) as SdkErrorLike;
  const outbound = e instanceof OutboundUrlError ? e : e.cause instanceof OutboundUrlError ? e.cause : null;
  if (outbound) return `could not be reached: ${outbound.detail}`;
  if (timedOut(error)) return 'did not answer in time';
  const status = e.status;
  if (typeof status === 'number') {
    if (status === 401 || status === 403) return `refused the API key (${status}); check the connection's key`;
    if (status === 404) return `does not know this model (404)${withMessage(e, secret)}`;
    if (status === 429) return 'is limiting this key, or its credit is used up (429)';
    if (status >= 400 && status < 500) return `refused the request (${status})${withMessage(e, secret)}`;
    return `failed (${status})`;
  }
  if (unreachable(error)) return 'could not be reached';
  return 'lost the connection';
}

const withMessage = (error: SdkErrorLike, secret: string | undefined) => {
  const message = providerMessage(error, secret);
  return message ? `: ${message}` : '';
};

/** A failure before the first output, as the 502 the client sees (errors that are ours pass through). */
export function asGatewayError(error: unknown, secret?: string): unknown {
  if (error instanceof BadGatewayError) return error;
  const e = (error ?? {}) as SdkErrorLike;
  if (timedOut(error)) return new BadGatewayError(TIMED_OUT);
  if (typeof e.status === 'number' || unreachable(error) || e instanceof OutboundUrlError || e.cause instanceof OutboundUrlError) {
    const phrase = failurePhrase(error, secret);
    return new BadGatewayError(`The AI service ${phrase}.${/^failed|lost|could not/.test(phrase) ? ' Please try again.' : ''}`);
  }
  return error;
}

/** What went wrong mid-answer, for the end of the answer. */
export function midAnswerFailure(error: unknown, secret?: string): string {
  const e = (error ?? {}) as SdkErrorLike;
  if (typeof e.status === 'number') return `the AI service ${failurePhrase(error, secret)}`;
  return 'the connection to the AI service was lost';
}

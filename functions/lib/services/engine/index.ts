import { markerSignatures } from '@shared/variables';
import { readSecret } from '../../http/config';
import { BadGatewayError } from '../../http/errors';
import { clarify } from './clarify';

/**
 * Prompt enhancement. With an OpenAI key (OPENAI_API_KEY locally, OPENAI_SECRET_ARN in AWS) it
 * asks the model through the openai SDK, with OPENAI_BASE_URL for any compatible server; without
 * one the built-in clarify engine answers. Either way every [TYPE: key] marker must survive, with
 * its default and choices (`[INPUT: tone=friendly|formal]`): losing either is losing the marker.
 */
// Two tries must fit in API Gateway's 30 s integration limit.
const OPENAI_TIMEOUT_MS = Number(process.env.OPENAI_TIMEOUT_MS ?? 12_000);

const SYSTEM_PROMPT = [
  'You improve prompts that people send to AI models. Rewrite the prompt the user gives you so it is',
  'clearer and more effective: a role, the task in precise words, requirements, and an explicit output',
  "format. Keep the author's intent and language. The prompt contains variable markers such as",
  '[INPUT: topic], [SNIPPET: bio], [PROFILE: name] or [INPUT: tone=friendly|formal] (a default and choices',
  'after "="): copy every one of them into your rewrite exactly as written, including anything after "=",',
  'and add no new ones. Answer with the rewritten prompt only, no commentary.',
].join(' ');

async function openAiKey(): Promise<string | undefined> {
  if (process.env.OPENAI_API_KEY) return process.env.OPENAI_API_KEY;
  if (process.env.OPENAI_SECRET_ARN) return readSecret(process.env.OPENAI_SECRET_ARN);
  return undefined;
}

let client: Promise<import('openai').OpenAI | null> | undefined;
/** The configured OpenAI client, or null without a key (shared with the run engine, ./run.ts). */
export function openAi() {
  client ??= openAiKey().then(async (apiKey) => {
    if (!apiKey) return null;
    const { OpenAI } = await import('openai');
    return new OpenAI({ apiKey, baseURL: process.env.OPENAI_BASE_URL || undefined, timeout: OPENAI_TIMEOUT_MS, maxRetries: 1 });
  });
  // A failed secret read is retried on the next call instead of being cached for the container's life.
  client.catch(() => (client = undefined));
  return client;
}

async function askModel(ai: import('openai').OpenAI, body: string): Promise<string> {
  const { APIConnectionTimeoutError, APIError } = await import('openai');
  try {
    const completion = await ai.chat.completions.create({
      model: process.env.OPENAI_MODEL || 'gpt-4o-mini',
      temperature: 0.2,
      messages: [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: body },
      ],
    });
    const text = completion.choices[0]?.message?.content?.trim();
    if (!text) throw new BadGatewayError('The AI service returned an empty answer. Please try again.');
    return text;
  } catch (error) {
    if (error instanceof APIConnectionTimeoutError) throw new BadGatewayError('The AI service did not answer in time. Please try again.');
    if (error instanceof APIError) throw new BadGatewayError(`The AI service failed${error.status ? ` (${error.status})` : ''}. Please try again.`);
    throw error;
  }
}

/** The enhanced body and which engine wrote it: the model, or the built-in clarify engine when none is configured. */
export async function enhance(body: string): Promise<{ text: string; engine: 'model' | 'builtin' }> {
  const ai = await openAi();
  const enhanced = ai ? await askModel(ai, body) : clarify(body);
  // Compared as canonical markers: a marker whose default or choices changed counts as lost.
  const kept = markerSignatures(enhanced);
  const lost = [...markerSignatures(body)].filter((marker) => !kept.has(marker));
  if (lost.length) {
    throw new BadGatewayError(`The enhanced prompt lost its variables (${lost.join(', ')}). Please try again.`);
  }
  return { text: enhanced, engine: ai ? 'model' : 'builtin' };
}

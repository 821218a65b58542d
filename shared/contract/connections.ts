import * as z from 'zod/mini';
import { safeLine } from './common';

/**
 * Model connections (docs/product.md, "Model connections"): a workspace's own provider account,
 * used by runs that name it. The API key goes in once and never comes back out: answers show only
 * its last 4 characters (`key_hint`).
 */
export const PROVIDERS = ['openai', 'anthropic', 'openai_compatible'] as const;
export type Provider = (typeof PROVIDERS)[number];
export const PROVIDER_NAMES: Record<Provider, string> = { openai: 'OpenAI', anthropic: 'Anthropic', openai_compatible: 'OpenAI-compatible' };

export const CONNECTION_NAME_MAX = 60;
/** Connections per workspace: a few providers and accounts, few enough to pick from at a glance. */
export const CONNECTIONS_MAX = 20;
/** Provider keys are under 200 characters; a longer one is pasted by mistake. */
export const API_KEY_MAX = 1_000;
export const BASE_URL_MAX = 2_000;
export const MODEL_ID_MAX = 200;
export const MODELS_MAX = 50;
/** How many of the provider's models a test lists. */
export const TESTED_MODELS_MAX = 200;

const Name = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'Name is required.'),
    z.maxLength(CONNECTION_NAME_MAX, `Name must be at most ${CONNECTION_NAME_MAX} characters.`),
    safeLine('Name'),
  );

export const ModelId = z
  .string()
  .check(
    z.trim(),
    z.minLength(1, 'A model name is required.'),
    z.maxLength(MODEL_ID_MAX, `A model name must be at most ${MODEL_ID_MAX} characters.`),
    z.regex(/^\S+$/, 'A model name has no spaces.'),
  );

/** POST /connections. */
export const ConnectionInput = z
  .strictObject({
    name: Name,
    provider: z.enum(PROVIDERS, `provider must be one of: ${PROVIDERS.join(', ')}.`),
    base_url: z.optional(
      z
        .string()
        .check(
          z.trim(),
          z.minLength(1, 'base_url must be an absolute URL.'),
          z.maxLength(BASE_URL_MAX, `base_url must be at most ${BASE_URL_MAX} characters.`),
        ),
    ),
    api_key: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, 'An API key is required.'),
        z.maxLength(API_KEY_MAX, `An API key must be at most ${API_KEY_MAX} characters.`),
        z.regex(/^\S+$/, 'An API key has no spaces or line breaks.'),
      ),
    models: z.optional(
      z.array(ModelId).check(
        z.maxLength(MODELS_MAX, `A connection lists at most ${MODELS_MAX} models.`),
        z.refine((models: string[]) => new Set(models).size === models.length, 'Each model is listed once.'),
      ),
    ),
  })
  .check(
    z.refine((c) => c.provider !== 'openai_compatible' || Boolean(c.base_url), {
      message: 'An OpenAI-compatible connection needs the base_url of its server (for example https://openrouter.ai/api/v1).',
      path: ['base_url'],
    }),
  );
export type ConnectionInput = z.infer<typeof ConnectionInput>;

/** A connection as listed: never its key, only the key's last 4 characters. */
export const Connection = z.object({
  id: z.string(),
  name: z.string(),
  provider: z.enum(PROVIDERS),
  base_url: z.nullable(z.string()),
  key_hint: z.string(),
  models: z.array(z.string()),
  created_at: z.string(),
});
export type Connection = z.infer<typeof Connection>;

export const ConnectionList = z.object({ connections: z.array(Connection) });

/** POST /connections/{id}/test: whether the provider took the key, and the models it offers. */
export const ConnectionTest = z.object({ ok: z.boolean(), detail: z.optional(z.string()), models: z.optional(z.array(z.string())) });
export type ConnectionTest = z.infer<typeof ConnectionTest>;

import { EnhanceRequest } from '@shared/contract/prompts';
import { enhance } from '../lib/enhancer';
import { api, ok } from '../lib/http';

/** POST /engine/enhance: {prompt_body, enhancement_type: 'clarify'} → {enhanced_body}. Stores nothing. */
export const handler = api('POST /engine/enhance', { body: EnhanceRequest }, async ({ body }) =>
  ok({ enhanced_body: await enhance(body.prompt_body) }),
);

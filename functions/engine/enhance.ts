import { EnhanceRequest } from '@shared/contract/prompts';
import { ENHANCEMENTS_PER_DAY } from '@shared/tiers';
import { consume } from '../lib/data/rate-limits';
import { api, ok } from '../lib/http/http';
import { enhance } from '../lib/services/engine';

/** POST /engine/enhance: {prompt_body, enhancement_type: 'clarify'} → {enhanced_body, engine}. Stores nothing. */
export const handler = api('POST /engine/enhance', { body: EnhanceRequest }, async ({ user, body }) => {
  const perDay = ENHANCEMENTS_PER_DAY[user.access_tier];
  if (perDay !== null) {
    await consume(
      { name: 'enhance', subject: user.id, limit: perDay, seconds: 86_400 },
      `You have used your ${perDay} AI enhancements for today. Upgrade your plan for more, or try again tomorrow.`,
    );
  }
  const { text, engine } = await enhance(body.prompt_body);
  return ok({ enhanced_body: text, engine });
});

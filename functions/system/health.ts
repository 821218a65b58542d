import { pingStorage } from '../lib/data/db';
import { api, ok } from '../lib/http/http';

/**
 * Health for load balancers and `npm start`: 200 once the function can serve AND storage answers
 * (pingStorage). A storage fault answers 503 `{detail}` through the usual error mapping
 * (lib/http/error-map.ts).
 */
export const handler = api('GET /health', {}, async () => {
  await pingStorage();
  return ok({ status: 'ok' });
});

import { api, ok } from '../lib/http';

/** Liveness for load balancers and `npm start`: answers once the function can serve. */
export const handler = api('GET /health', {}, async () => ok({ status: 'ok' }));

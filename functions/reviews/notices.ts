import { api, ok } from '../lib/http/http';
import { noticesOf } from '../lib/use-cases/review-notices';

/** GET /notices: the open reviews waiting on the caller, in every workspace they belong to (the header's badge). */
export const handler = api('GET /notices', {}, async ({ user }) => ok({ notices: await noticesOf(user.id) }));

import { api, ok } from '../lib/http/http';
import { librarySuite } from '../lib/use-cases/library-suite';

/** GET /admin/prompts/{id}/suite: a library prompt's checks and examples, for the admin editing them. */
export const handler = api('GET /admin/prompts/{id}/suite', {}, async ({ params }) => ok(await librarySuite(params.id)));

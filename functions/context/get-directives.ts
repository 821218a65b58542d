import { directivesOf } from '../lib/data/context';
import { api, ok } from '../lib/http/http';

/** GET /context/directives: read from the user item the middleware already loaded. */
export const handler = api('GET /context/directives', {}, async ({ workspace }) => ok(directivesOf(workspace.holderItem)));

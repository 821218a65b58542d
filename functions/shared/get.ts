import { api, ok } from '../lib/http/http';
import { readShared } from '../lib/use-cases/share';

/** GET /shared/{token}: a shared prompt, for anyone with the link (no sign-in; the author's name, never an email). */
export const handler = api('GET /shared/{token}', {}, async ({ params }) => ok((await readShared(params.token)).view));

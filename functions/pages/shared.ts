import { sharePage } from '../lib/use-cases/share-page';

/** GET /s/{token} (a page route, shared/routes.ts): the shared prompt's HTML, for people and link previews. */
export const handler = sharePage;

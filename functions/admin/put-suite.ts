import { LibrarySuiteInput } from '@shared/contract/suite';
import { api, ok } from '../lib/http/http';
import { replaceLibrarySuite } from '../lib/use-cases/library-suite';

/** PUT /admin/prompts/{id}/suite: a library prompt's checks and examples replaced (ids given are kept); forks take the new ones in on their next pull. */
export const handler = api('PUT /admin/prompts/{id}/suite', { body: LibrarySuiteInput, maxBodyBytes: 2_000_000 }, async ({ params, body }) =>
  ok(await replaceLibrarySuite(params.id, body)),
);

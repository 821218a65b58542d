import { openApiDocument } from '@shared/openapi';
import { api, ok } from '../lib/http/http';

let document: ReturnType<typeof openApiDocument> | undefined;

export const handler = api('GET /openapi.json', {}, async () => {
  document ??= openApiDocument();
  return ok(document);
});

import { api, fileResponse } from '../lib/http/http';
import { exportAccount } from '../lib/use-cases/account-data';

/** GET /account/export: everything the product holds about the user, as a JSON download. */
export const handler = api('GET /account/export', {}, async ({ user, event }) => {
  const now = new Date();
  const document = await exportAccount(user, now);
  return fileResponse(
    `${JSON.stringify(document, null, 2)}\n`,
    'application/json; charset=utf-8',
    `construct-account-${now.toISOString().slice(0, 10)}.json`,
    event.headers?.['accept-encoding'],
  );
});

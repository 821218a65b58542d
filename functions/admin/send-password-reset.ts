import { getUser } from '../lib/data/users';
import { NotFoundError } from '../lib/http/errors';
import { api, json } from '../lib/http/http';
import { sendPasswordReset } from '../lib/use-cases/account';

/** POST /admin/users/{id}/password-reset: 'Send password reset' on a user row (the admin never sees the link). */
export const handler = api('POST /admin/users/{id}/password-reset', {}, async ({ params }) => {
  const user = await getUser(params.id);
  if (!user) throw new NotFoundError('User not found.');
  await sendPasswordReset(user);
  return json(202, { detail: `A password reset link was sent to ${user.email}.` });
});

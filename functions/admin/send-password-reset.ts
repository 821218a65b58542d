import { sendPasswordReset } from '../lib/account';
import { NotFoundError } from '../lib/errors';
import { api, json } from '../lib/http';
import { getUser } from '../lib/users';

/** POST /admin/users/{id}/password-reset: 'Send password reset' on a user row (the admin never sees the link). */
export const handler = api('POST /admin/users/{id}/password-reset', {}, async ({ params }) => {
  const user = await getUser(params.id);
  if (!user) throw new NotFoundError('User not found.');
  await sendPasswordReset(user);
  return json(202, { detail: `A password reset link was sent to ${user.email}.` });
});

import { AdminUserUpdate } from '@shared/contract/admin';
import { api, ok } from '../lib/http/http';
import { updateUser } from '../lib/use-cases/admin-users';

/** PUT /admin/users/{id}: is_admin and/or access_tier. An admin cannot demote themselves. */
export const handler = api('PUT /admin/users/{id}', { body: AdminUserUpdate }, async ({ user, body, params }) =>
  ok(await updateUser({ actor: user, userId: params.id, changes: body })),
);

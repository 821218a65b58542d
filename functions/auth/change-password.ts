import { ChangePasswordRequest } from '@shared/contract/account';
import { clientAddress } from '../lib/http/client-address';
import { api, ok } from '../lib/http/http';
import { changePassword } from '../lib/use-cases/account';

/** PUT /auth/password: other sessions end; the answer is a token for this one. */
export const handler = api('PUT /auth/password', { body: ChangePasswordRequest }, async ({ body, user, event }) =>
  ok(
    await changePassword({
      user,
      current: body.current_password,
      next: body.new_password,
      revokeKeys: body.revoke_api_keys,
      address: await clientAddress(event),
    }),
  ),
);

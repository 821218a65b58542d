import { VerifyEmailRequest } from '@shared/contract/account';
import { api, ok } from '../lib/http/http';
import { followEmailLink } from '../lib/use-cases/account';

/** POST /account/email/verify: the token of an emailed confirmation link (new account or email change). */
export const handler = api('POST /account/email/verify', { body: VerifyEmailRequest }, async ({ body }) => ok(await followEmailLink(body.token)));

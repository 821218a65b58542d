import { profileValuesOf } from '../lib/data/profile-values';
import { api, ok } from '../lib/http/http';

/** GET /context/profile: PROFILE variable values (key → value), one Query on their items. */
export const handler = api('GET /context/profile', {}, async ({ user }) => ok({ values: await profileValuesOf(user) }));

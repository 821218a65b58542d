import { ProfileKey, ProfileValueInput } from '@shared/contract/context';
import { setProfileValue } from '../lib/data/context';
import { api, ok } from '../lib/http/http';
import { parseWith } from '../lib/http/validation';

/** PUT /context/profile/{key}: saves one PROFILE value (from the workbench). */
export const handler = api('PUT /context/profile/{key}', { body: ProfileValueInput }, async ({ user, body, params }) => {
  const key = parseWith(ProfileKey, params.key);
  await setProfileValue(user, key, body.value);
  return ok({ key, value: body.value });
});

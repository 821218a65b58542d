import { ProfileKey } from '@shared/contract/context';
import { deleteProfileValue } from '../lib/data/context';
import { api, noContent } from '../lib/http/http';
import { parseWith } from '../lib/http/validation';

/** DELETE /context/profile/{key}: forgets one PROFILE value (204 even when it was not set). */
export const handler = api('DELETE /context/profile/{key}', {}, async ({ user, params }) => {
  await deleteProfileValue(user, parseWith(ProfileKey, params.key));
  return noContent();
});

import { profileValueParts } from '../data/profile-values';
import { failing, transact } from '../data/transactions';
import { getUser, userParts } from '../data/users';
import { logger, userRef } from '../http/log';

/**
 * Delete when: no user item in any deployed stage has `profile_values` (a Scan with
 * `attribute_exists(profile_values)` counts none), together with its two callers: the `migrate`
 * middleware of the request chain (http/http.ts) and the billing webhook's retry
 * (use-cases/billing.ts), and `profile_values` in profile-values.ts (ContextFields, profileValuesFrom).
 *
 * PROFILE values used to be a map on the user item (`profile_values`), which 50 long values could
 * push past DynamoDB's 400 KB. A user's first request after the change moves them to their items
 * (context.ts) in one transaction (at most PROFILE_VALUES_MAX + 1 items), conditioned on the map's
 * size as read, so two requests cannot both move them. Best effort for the request that triggers
 * it: until it succeeds, readers still see the map (profileValuesFrom). Afterwards the map is gone
 * from `user` too.
 */

/** The user item as the former code left it: PROFILE values in a map. */
type LegacyUser = { id: string; profile_values?: Record<string, string> };

class MovedMeanwhile extends Error {}

export async function moveLegacyProfileValues(user: LegacyUser): Promise<void> {
  const legacy = user.profile_values;
  if (legacy === undefined) return;
  const entries = Object.entries(legacy);
  try {
    await transact([
      failing(userParts.dropLegacyProfileValues(user.id, entries.length), () => new MovedMeanwhile()),
      ...entries.map(([key, value]) => profileValueParts.put(user.id, key, value)),
    ]);
  } catch (error) {
    // Moved by a concurrent request, or changed meanwhile: the next request tries again.
    if (!(error instanceof MovedMeanwhile)) {
      logger.warn('profile values not moved', { user: userRef(user.id), error: (error as Error).name });
      return;
    }
  }
  delete user.profile_values;
}

/** The same for a writer that has not read the user (the billing webhook): true when there were values to move. */
export async function moveLegacyProfileValuesOf(userId: string): Promise<boolean> {
  const user = (await getUser(userId)) as LegacyUser | undefined;
  if (user?.profile_values === undefined) return false;
  await moveLegacyProfileValues(user);
  return user.profile_values === undefined;
}

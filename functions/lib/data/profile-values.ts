import { beginsWith } from './db';
import { PROFILE_VALUE_SK, personalPk } from './keys';
import type { WritePart } from './transactions';

/**
 * PROFILE value items (`USER#<id>` / `XPROFILE#<key>`, docs/data-model.md): personal in every
 * workspace; they sort after VERSION#, so workspace reads never load them. context.ts sets and
 * forgets them; apart from it (and from the Context Library's contract) so the legacy move that
 * every signed-in request may run (migrations/legacy-profile-values.ts) bundles little.
 */
export const profileValueKey = (userId: string, key: string) => ({ pk: personalPk(userId) as string, sk: `${PROFILE_VALUE_SK}${key}` });

const profileValueItem = (userId: string, key: string, value: string) => ({
  ...profileValueKey(userId, key),
  type: 'profile_value',
  key,
  value,
  updated_at: new Date().toISOString(),
});

export const profileValueParts = {
  /** The value of a key: `new` only while the key has none, `existing` only while it has one, else either way. */
  put: (userId: string, key: string, value: string, when?: 'new' | 'existing'): WritePart => ({
    put: {
      Item: profileValueItem(userId, key, value),
      ...(when ? { ConditionExpression: when === 'new' ? 'attribute_not_exists(pk)' : 'attribute_exists(pk)' } : {}),
    },
  }),
  /** A key forgotten, only while it has a value. */
  remove: (userId: string, key: string): WritePart => ({ delete: { Key: profileValueKey(userId, key), ConditionExpression: 'attribute_exists(pk)' } }),
};

export interface ContextFields {
  global_prompt_prefix?: string;
  global_prompt_suffix?: string;
  /** Where PROFILE values lived before they became items (migrations/legacy-profile-values.ts moves them out). */
  profile_values?: Record<string, string>;
  /** How many PROFILE value items the user has (the PROFILE_VALUES_MAX guard). */
  profile_values_used?: number;
}

interface ProfileValueItem {
  key: string;
  value: string;
}

/** Access pattern: the user's PROFILE values (one Query on the XPROFILE# range), with any not yet moved off the user item. */
export async function profileValuesOf(user: { id: string } & ContextFields): Promise<Record<string, string>> {
  return profileValuesFrom(user, await beginsWith(personalPk(user.id), PROFILE_VALUE_SK));
}

/** The PROFILE values from their items (type `profile_value`) as read, over any still on the user item. */
export function profileValuesFrom(user: ContextFields, items: Record<string, unknown>[]): Record<string, string> {
  return {
    ...user.profile_values,
    ...Object.fromEntries(items.map((i) => [(i as unknown as ProfileValueItem).key, (i as unknown as ProfileValueItem).value])),
  };
}

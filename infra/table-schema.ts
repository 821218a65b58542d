/**
 * The one DynamoDB table, defined once: the CDK stack and the local stack both build from this,
 * so the key schema can never drift between AWS and DynamoDB Local.
 * Item layout (which entity lives under which keys) is documented in functions/lib/data/keys.ts.
 */
export const TABLE_SCHEMA = {
  partitionKey: 'pk',
  sortKey: 'sk',
  indexes: [
    /**
     * Sparse, for listings that are never a user's request: library prompts (sharded
     * `LIBRARY#<n>`), library categories (`LIBCATS`) and users (sharded `USERS#<n>`). Only the
     * attributes those listings show are projected, so a write of anything else (plan counters,
     * profile values, directives) never touches the index.
     */
    {
      name: 'gsi2',
      partitionKey: 'gsi2pk',
      sortKey: 'gsi2sk',
      include: [
        'type',
        'id',
        'created_at',
        'access_tier',
        // library prompts and categories (the snapshot builder, admin lists)
        'title',
        'body',
        'category_id',
        'tasks',
        'industries',
        'owner_email',
        'updated_at',
        'name',
        // users (the admin's user list)
        'email',
        'first_name',
        'last_name',
        'is_admin',
      ],
    },
  ],
  /** Epoch seconds; DynamoDB deletes the item some time after (processed Stripe events, throttles). */
  ttlAttribute: 'expires_at',
} as const;

/**
 * The former users index (every attribute, one partition `USERS`), which nothing writes any more.
 * Only a deployment that still has user items to move keeps it (context `legacyUsersIndex`, README
 * Deploy; docs/data-model.md, migration); a new deployment or data folder never creates it.
 */
export const LEGACY_USERS_INDEX = { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' } as const;

export type IndexDefinition = (typeof TABLE_SCHEMA.indexes)[number] | typeof LEGACY_USERS_INDEX;

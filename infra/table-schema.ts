/**
 * The one DynamoDB table, defined once: the CDK stack and the local stack both build from this,
 * so the key schema can never drift between AWS and DynamoDB Local.
 * Item layout (which entity lives under which keys) is documented in functions/lib/keys.ts.
 */
export const TABLE_SCHEMA = {
  partitionKey: 'pk',
  sortKey: 'sk',
  /** A general-purpose index for cross-partition access patterns (e.g. all users by email). */
  indexes: [
    { name: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    /** Sparse: only library prompts (sharded `LIBRARY#<n>`) and library categories (`LIBCATS`), for the snapshot builder and admin lists. */
    { name: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
  /** Epoch seconds; DynamoDB deletes the item some time after (processed Stripe events, throttles). */
  ttlAttribute: 'expires_at',
} as const;

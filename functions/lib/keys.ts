/**
 * Single-table layout. One Query on `USER#<id>` returns a user's whole workspace.
 *
 * | item             | pk                    | sk             | gsi1pk  | gsi1sk        |
 * |------------------|-----------------------|----------------|---------|---------------|
 * | user             | USER#<id>             | PROFILE        | USERS   | <email>       |
 * | email claim      | EMAIL#<lower email>   | EMAIL          |         |               |
 * | category         | USER#<id>             | CATEGORY#<id>  |         |               |
 * | prompt           | USER#<id>             | PROMPT#<id>    |         |               |
 * | snippet          | USER#<id>             | SNIPPET#<id>   |         |               |
 * | library category | LIBRARY               | CATEGORY#<id>  |         |               |
 * | library prompt   | LIBRARY               | PROMPT#<id>    |         |               |
 * | Stripe event     | STRIPE_EVENT#<id>     | EVENT          |         | (expires_at)  |
 *
 * Every item carries `type` naming its entity.
 */
export const keys = {
  user: (userId: string) => ({ pk: `USER#${userId}`, sk: 'PROFILE' }),
  emailClaim: (email: string) => ({ pk: `EMAIL#${normaliseEmail(email)}`, sk: 'EMAIL' }),
  usersIndex: (email: string) => ({ gsi1pk: 'USERS', gsi1sk: normaliseEmail(email) }),
};

/** Emails are unique case-insensitively: claims and lookups use this form. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

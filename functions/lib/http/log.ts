import { createHash } from 'node:crypto';
import { Logger } from '@aws-lambda-powertools/logger';

/**
 * The functions' one logger (Powertools): JSON lines with the Lambda context (function, request
 * id, cold start) added by the middy chain. Level from POWERTOOLS_LOG_LEVEL (default INFO; the
 * test stacks set SILENT unless a test reads the logs).
 *
 * What may be logged: route keys, statuses, timings, error classes and messages, hashed user ids.
 * Never events, headers, bodies, tokens, passwords or emails (tests/api/security/logs.test.ts).
 */
export const logger = new Logger({ serviceName: 'construct' });

/** A user in logs: a short one-way hash, so one user's requests correlate without naming them. */
export function userRef(userId: string): string {
  let ref = refs.get(userId);
  if (ref === undefined) {
    ref = createHash('sha256').update(`construct-log:${userId}`).digest('hex').slice(0, 16);
    // Every request logs its user: hash each id once per container (bounded, oldest out first).
    if (refs.size >= 1000) refs.delete(refs.keys().next().value!);
    refs.set(userId, ref);
  }
  return ref;
}
const refs = new Map<string, string>();

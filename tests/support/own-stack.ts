import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { type LocalStackOptions, startLocalStack } from '../../infra/local/stack';

/**
 * A local stack of a test file's own, for handlers that must read this worker's configuration (a
 * model key, a log level, a fault injected into the SDK, a first admin), on the run's DynamoDB
 * Local in a table of its own: no Java start per file (seconds of CPU, and on a loaded machine
 * more than a minute, past the file's set-up time).
 */
export function startOwnStack(options: Omit<LocalStackOptions, 'port' | 'tableName' | 'dynamoEndpoint'> = {}) {
  return startLocalStack({ port: 0, dynamoEndpoint: inject('dynamoEndpoint'), tableName: `construct-${randomUUID().slice(0, 8)}`, ...options });
}

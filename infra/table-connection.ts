import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { patientStorage, useDataFolderSnapshot } from './local/tool-env';

/**
 * For maintenance scripts: points the functions' DynamoDB client at the table. Local by default
 * (the `npm start` data in DATA_DIR, whether or not the app is running); `aws` uses the deployed
 * table named by TABLE_NAME with the usual AWS credentials. Returns how to stop what it started.
 */
export async function connectTable(aws: boolean): Promise<() => Promise<void>> {
  patientStorage();
  if (aws) {
    if (!process.env.TABLE_NAME) throw new Error('--aws needs TABLE_NAME (the stack output TableName)');
    return async () => {};
  }
  const dataDir = resolve(process.env.DATA_DIR ?? join(import.meta.dirname, '..', '.data'));
  useDataFolderSnapshot(dataDir);
  const endpointFile = join(dataDir, 'dynamodb-endpoint');
  const running = existsSync(endpointFile) ? readFileSync(endpointFile, 'utf8').trim() : undefined;
  if (
    running &&
    (await fetch(running).then(
      () => true,
      () => false,
    ))
  ) {
    process.env.DYNAMODB_ENDPOINT = running;
    return async () => {};
  }
  const { startDynamoLocal, ensureTable } = await import('./local/dynamodb-local');
  const dynamo = await startDynamoLocal({ dataDir: join(dataDir, 'dynamodb') });
  await ensureTable(dynamo.client, process.env.TABLE_NAME ?? 'construct');
  process.env.DYNAMODB_ENDPOINT = dynamo.endpoint;
  return () => dynamo.stop();
}

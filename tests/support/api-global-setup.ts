import type { TestProject } from 'vitest/node';
import { startLocalStack } from '../../infra/local/stack';

/** One in-memory stack (DynamoDB Local + gateway) for the whole API layer. */
export default async function setup(project: TestProject) {
  const stack = await startLocalStack({ port: 0, admin: { email: 'admin@construct.test', password: 'admin-password-1' } });
  project.provide('apiUrl', `${stack.url}/api/v1`);
  project.provide('dynamoEndpoint', stack.dynamo.endpoint);
  project.provide('jwtSecret', process.env.JWT_SECRET!);
  return () => stack.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    apiUrl: string;
    dynamoEndpoint: string;
    jwtSecret: string;
    baseUrl: string;
  }
}

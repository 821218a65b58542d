import type { TestProject } from 'vitest/node';
import { WEB_DIST, buildWebIfStale } from '../../infra/local/build-web';
import { startLocalStack } from '../../infra/local/stack';

/** The built SPA and the API on one in-memory local stack, as `npm start` serves them. */
export default async function setup(project: TestProject) {
  await buildWebIfStale();
  const stack = await startLocalStack({
    port: 0,
    admin: { email: 'admin@construct.test', password: 'admin-password-1' },
    gateway: { webRoot: WEB_DIST },
  });
  project.provide('baseUrl', stack.url);
  project.provide('apiUrl', `${stack.url}/api/v1`);
  return () => stack.stop();
}

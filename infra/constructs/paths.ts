import { fileURLToPath } from 'node:url';

/** The repository root (where package.json, package-lock.json and tsconfig.json live). */
export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

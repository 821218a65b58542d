import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../infra/local/build-web';

/**
 * A clean `npm install` on the Node.js the README names (20, the machine's and CI's) prints no
 * EBADENGINE warning: every installed package accepts every Node version package.json admits.
 */
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { engines?: { node?: string } | string[] }> };

describe('Node.js versions', () => {
  it('runs on the Node.js it runs on now (20 here and in CI)', () => {
    expect(semver.satisfies(process.version, pkg.engines.node)).toBe(true);
    expect(semver.satisfies('20.19.0', pkg.engines.node)).toBe(true);
  });

  it('installs only packages that accept every Node.js version package.json admits', () => {
    const refusing = Object.entries(lock.packages)
      .filter(([path, entry]) => path && entry.engines && !Array.isArray(entry.engines) && entry.engines.node)
      .filter(([, entry]) => !semver.subset(pkg.engines.node, (entry.engines as { node: string }).node))
      .map(([path, entry]) => `${path.replace(/^.*node_modules\//, '')} wants node ${(entry.engines as { node: string }).node}`);
    expect(refusing).toEqual([]);
  });
});

import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web app's shape (docs/architecture.md, "The web app"): modules a newcomer can read whole,
 * and a component found by its file's name.
 */
const ROOT = join(import.meta.dirname, '../..');
const WEB = join(ROOT, 'web/src');
const modules = (readdirSync(WEB, { recursive: true }) as string[]).filter((file) => /\.tsx?$/.test(file)).sort();
const source = (file: string) => readFileSync(join(WEB, file), 'utf8');

/** Top-level component definitions: a PascalCase function, or a PascalCase const made by memo, forwardRef or an arrow. */
const COMPONENT = /^(?:export )?(?:default )?(?:function ([A-Z]\w*)\s*[(<]|const ([A-Z]\w*) = (?:memo\(|forwardRef\(|\([^)]*\)(?: =>|: )))/gm;

describe('web/src', () => {
  it('has no module over 400 lines', () => {
    const long = modules.map((file) => [relative(WEB, join(WEB, file)), source(file).split('\n').length] as const).filter(([, lines]) => lines > 400);
    expect(long).toEqual([]);
  });

  it('defines one component per module', () => {
    const crowded = modules
      .map((file) => [file, [...source(file).matchAll(COMPONENT)].map((m) => m[1] ?? m[2])] as const)
      .filter(([, names]) => names.length > 1)
      .map(([file, names]) => `${file}: ${names.join(', ')}`);
    expect(crowded).toEqual([]);
  });
});

/**
 * Features never import each other (docs/architecture.md, Folders): one Biome plugin
 * (web/features-apart.grit) reads a module's feature from its path. Probes in every feature folder
 * of today's tree, linted with the repository's own biome.json, show it fences each one off,
 * through the alias and through a relative path alike, and lets a feature import itself.
 */
describe('biome.json', () => {
  const features = readdirSync(join(WEB, 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const probe = (feature: string, other: string) =>
    [
      `import { own } from '@/features/${feature}/api/x';`,
      `import { viaAlias } from '@/features/${other}/api/x';`,
      `import { viaPath } from '../../${other}/api/x';`,
      `import { sibling } from '../utils/x';`,
      `export const probe = [own, viaAlias, viaPath, sibling];`,
      '',
    ].join('\n');

  it('fences every feature folder off from the others', () => {
    const dir = mkdtempSync(join(tmpdir(), 'feature-zones-'));
    try {
      symlinkSync(join(ROOT, 'biome.json'), join(dir, 'biome.json'));
      mkdirSync(join(dir, 'web'));
      symlinkSync(join(ROOT, 'web/features-apart.grit'), join(dir, 'web/features-apart.grit'));
      features.forEach((feature, i) => {
        mkdirSync(join(dir, 'web/src/features', feature, 'components'), { recursive: true });
        writeFileSync(join(dir, 'web/src/features', feature, 'components/probe.tsx'), probe(feature, features[(i + 1) % features.length]!));
      });
      const run = spawnSync(
        join(ROOT, 'node_modules/.bin/biome'),
        ['lint', '--vcs-enabled=false', '--reporter=json', '--only=plugin', '--max-diagnostics=none', '.'],
        { cwd: dir, encoding: 'utf8' },
      );
      const report = JSON.parse(run.stdout) as { diagnostics: { category: string; location: { path: string; start: { line: number } } }[] };
      const flagged = report.diagnostics
        .filter((d) => d.category === 'plugin')
        .map((d) => `${d.location.path}:${d.location.start.line}`)
        .sort();
      expect(flagged).toEqual(features.flatMap((f) => [`web/src/features/${f}/components/probe.tsx:2`, `web/src/features/${f}/components/probe.tsx:3`]).sort());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

import { readdirSync, readFileSync } from 'node:fs';
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
 * Features never import each other (docs/architecture.md, Folders): Biome's noRestrictedImports
 * holds one zone per feature, and nothing checks a folder without one. A feature's zone replaces
 * the options of the web-wide rule, so it repeats the web-wide pattern.
 */
describe('biome.json', () => {
  type Override = { includes: string[]; linter?: { rules?: { style?: { noRestrictedImports?: unknown } } } };
  const overrides = (JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8')) as { overrides: Override[] }).overrides;
  const restrictions = (includes: string) =>
    overrides.find((o) => o.includes.length === 1 && o.includes[0] === includes)?.linter?.rules?.style?.noRestrictedImports;
  const features = readdirSync(join(WEB, 'features'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  const web = restrictions('web/src/**') as { options: { patterns: unknown[] } };
  const zone = (feature: string) => ({
    level: 'error',
    options: {
      patterns: [
        ...web.options.patterns,
        {
          group: ['@/features/**', `!@/features/${feature}/**`, '../../../**'],
          message: 'Features never import each other: move what two features share to web/src/lib or web/src/components (docs/architecture.md, Folders).',
        },
      ],
    },
  });

  it.each(features)('fences web/src/features/%s off from the other features', (feature) => {
    const expected = { includes: [`web/src/features/${feature}/**`], linter: { rules: { style: { noRestrictedImports: zone(feature) } } } };
    expect(restrictions(`web/src/features/${feature}/**`), `add to biome.json's overrides:\n${JSON.stringify(expected, null, 2)}`).toEqual(zone(feature));
  });

  it('has no zone for a feature that is gone', () => {
    const zoned = overrides.flatMap((o) => o.includes.flatMap((i) => /^web\/src\/features\/([^/]+)\/\*\*$/.exec(i)?.[1] ?? [])).sort();
    expect(zoned).toEqual(features);
  });
});

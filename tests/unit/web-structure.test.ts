import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The web app's shape (docs/architecture.md, "The web app"): modules a newcomer can read whole,
 * and a component found by its file's name.
 */
const WEB = join(import.meta.dirname, '../../web/src');
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

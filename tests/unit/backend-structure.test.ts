import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The back end's shape (docs/architecture.md, "Layers"): modules a newcomer can read whole, and
 * lib/ only in its layer folders (the import rules in biome.json are set per folder, so a module
 * beside them would escape them).
 */
const FUNCTIONS = join(import.meta.dirname, '../../functions');
const LAYERS = ['data', 'http', 'migrations', 'services', 'use-cases'];
const modules = (readdirSync(FUNCTIONS, { recursive: true }) as string[]).filter((file) => file.endsWith('.ts')).sort();

describe('functions/', () => {
  it('has no module over 400 lines', () => {
    const long = modules.map((file) => [file, readFileSync(join(FUNCTIONS, file), 'utf8').split('\n').length] as const).filter(([, lines]) => lines > 400);
    expect(long).toEqual([]);
  });

  it('keeps every lib module in a layer folder', () => {
    const outside = modules.filter((file) => file.startsWith('lib/') && !LAYERS.includes(file.split('/')[1]!));
    expect(outside).toEqual([]);
    expect(readdirSync(join(FUNCTIONS, 'lib')).sort()).toEqual(LAYERS);
  });
});

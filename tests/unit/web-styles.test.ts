import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import postcss from 'postcss';
import { describe, expect, it } from 'vitest';

/**
 * The web app's stylesheets (docs/architecture.md, "The web app"): each one a newcomer can read
 * whole, and a recipe (a card, a list row, a pill, a close button) written once, in the kit
 * (web/src/components/ui), not copied from one feature to another.
 */
const WEB = join(import.meta.dirname, '../../web/src');
const sheets = (readdirSync(WEB, { recursive: true }) as string[]).filter((file) => file.endsWith('.css')).sort();

/** Who owns a stylesheet: a feature, the kit, or the app shell (app/, styles/, the layouts). */
const owner = (file: string) => /^features\/[^/]+/.exec(file)?.[0] ?? (file.startsWith('components/ui/') ? 'kit' : 'app shell');

type Rule = { where: string; owner: string; declarations: Set<string> };
const rules: Rule[] = sheets.flatMap((file) => {
  const found: Rule[] = [];
  postcss.parse(readFileSync(join(WEB, file), 'utf8'), { from: file }).walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
    const declarations = rule.nodes.flatMap((node) =>
      node.type === 'decl' ? [`${node.prop}: ${node.value.replace(/\s+/g, ' ')}${node.important ? ' !important' : ''}`] : [],
    );
    found.push({ where: `${file} ${rule.selector.replace(/\s+/g, ' ')}`, owner: owner(file), declarations: new Set(declarations) });
  });
  return found;
});

/**
 * Two rules of different owners are a copy when they are the same block of five declarations or
 * more, or share eight declarations or more (a recipe copied, then tuned). Below that, rules meet
 * on layout lines every stylesheet writes (a flex row with a gap, muted small text).
 */
const SAME_BLOCK = 5;
const SHARED = 8;
const copies = () => {
  const found: string[] = [];
  for (const [i, a] of rules.entries()) {
    for (const b of rules.slice(i + 1)) {
      if (a.owner === b.owner) continue;
      const shared = [...a.declarations].filter((d) => b.declarations.has(d)).length;
      const sameBlock = shared === a.declarations.size && shared === b.declarations.size && shared >= SAME_BLOCK;
      if (sameBlock || shared >= SHARED) found.push([a.where, b.where].sort().join(' ~ '));
    }
  }
  return found.sort();
};

describe('web/src stylesheets', () => {
  it('are each at most 400 lines', () => {
    const long = sheets.map((file) => [file, readFileSync(join(WEB, file), 'utf8').split('\n').length] as const).filter(([, lines]) => lines > 400);
    expect(long).toEqual([]);
  });

  it('copy no rule from another feature or from the kit', () => {
    expect(copies()).toEqual([]);
  });
});

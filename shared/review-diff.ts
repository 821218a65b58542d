import { parseVariables, type Variable } from './variables';

/**
 * What a review shows besides the text diff (issue 31): how the variable contract changed between
 * two versions' texts, and which model settings changed. The server answers it with each review;
 * the web computes the same for a draft.
 */
export interface VariableChange {
  key: string;
  change: 'added' | 'removed' | 'retyped' | 'choices' | 'default';
  before?: string;
  after?: string;
}

const INPUT_KEY = (v: Variable) => v.key.toLowerCase();
const describe = (v: Variable | undefined) => (v ? v.marker : undefined);

/** Added, removed and retyped variables, changed choices and changed defaults (by key, ignoring case). */
export function variableContractDiff(beforeBody: string, afterBody: string): VariableChange[] {
  const byKey = (body: string) => new Map(parseVariables(body).map((v) => [INPUT_KEY(v), v]));
  const before = byKey(beforeBody);
  const after = byKey(afterBody);
  const changes: VariableChange[] = [];
  for (const [key, v] of after) {
    const old = before.get(key);
    if (!old) changes.push({ key: v.key, change: 'added', after: describe(v) });
    else if (old.type !== v.type) changes.push({ key: v.key, change: 'retyped', before: old.type, after: v.type });
    else if ((old.choices ?? []).join('|') !== (v.choices ?? []).join('|'))
      changes.push({ key: v.key, change: 'choices', before: (old.choices ?? []).join('|'), after: (v.choices ?? []).join('|') });
    else if ((old.default ?? '') !== (v.default ?? '')) changes.push({ key: v.key, change: 'default', before: old.default ?? '', after: v.default ?? '' });
  }
  for (const [key, v] of before) if (!after.has(key)) changes.push({ key: v.key, change: 'removed', before: describe(v) });
  return changes;
}

export interface SettingChange {
  setting: string;
  before: unknown;
  after: unknown;
}

/** The model settings (config) that differ, each with its two values (absent: null). */
export function settingsDiff(before: Record<string, unknown> | undefined, after: Record<string, unknown> | undefined): SettingChange[] {
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])].sort();
  return keys.flatMap((setting) => {
    const a = before?.[setting] ?? null;
    const b = after?.[setting] ?? null;
    return JSON.stringify(a) === JSON.stringify(b) ? [] : [{ setting, before: a, after: b }];
  });
}

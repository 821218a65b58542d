import { bodyOf, type Content, describeConfig, storedContent } from '@shared/chat';
import type { Check, Example } from '@shared/contract/suite';
import { EXPORT_FORMAT, EXPORT_VERSION, type ExportedPrompt, type PromptsDocument } from '@shared/contract/transfer';
import { workspaceChecks } from '../data/checks';
import { workspaceExamples } from '../data/examples';
import type { WorkspacePk } from '../data/keys';
import { nameKey } from '../data/named-items';
import { toCategories, toPrompts, type Workspace } from '../data/workspace-read';

/**
 * Export of My Prompts: the whole workspace as an account-agnostic document (categories by name,
 * no ids), as JSON (importable, transfer-import.ts) or as one Markdown file (for reading).
 */

/** A workspace's test suites by prompt id (workspaceSuites). */
export interface Suites {
  checks: Map<string, Check[]>;
  examples: Map<string, Example[]>;
}

/** Every prompt's checks and examples, two Queries for the whole workspace. */
export async function workspaceSuites(workspace: WorkspacePk): Promise<Suites> {
  const [checks, examples] = await Promise.all([workspaceChecks(workspace), workspaceExamples(workspace)]);
  return { checks, examples };
}

/** A prompt's suite as the document carries it: no ids, no dates (left out when empty). */
function suiteOf(suites: Suites | undefined, promptId: string): Pick<ExportedPrompt, 'checks' | 'examples'> {
  const checks = suites?.checks.get(promptId) ?? [];
  const examples = suites?.examples.get(promptId) ?? [];
  return {
    ...(checks.length ? { checks: checks.map(({ kind, value, name }) => ({ kind, ...(value === null ? {} : { value }), name })) } : {}),
    ...(examples.length ? { examples: examples.map(({ id: _id, created_at: _at, ...example }) => example) } : {}),
  };
}

/** The export document: categories by name (A-Z), prompts newest first, each with its suite. */
export function buildDocument(workspace: Pick<Workspace, 'prompts' | 'categories'>, now: Date, suites?: Suites): PromptsDocument {
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exported_at: now.toISOString(),
    categories: toCategories(workspace).map((c) => ({ name: c.name })),
    prompts: toPrompts(workspace).map(({ title, ...p }) => ({
      title,
      // As POST /prompts/ takes it: a chat prompt's messages without the body made from them.
      ...exported(storedContent(p)),
      category: p.category_name,
      tasks: p.tasks,
      industries: p.industries,
      is_favorite: p.is_favorite,
      ...suiteOf(suites, p.id),
      created_at: p.created_at,
      updated_at: p.updated_at,
    })),
  };
}

const exported = ({ body, ...content }: Content) => (content.kind === 'chat' ? content : { body, ...content });

/** A code fence the body cannot close: longer than its longest run of backticks, at least three. */
export function fenceFor(body: string): string {
  let longest = 0;
  for (const run of body.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  return '`'.repeat(Math.max(3, longest + 1));
}

/** Text on one line with Markdown's punctuation escaped, for headings and list items. */
export function inline(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_[\]<>#|~&!]/g, '\\$&');
}

export const UNCATEGORIZED = 'Uncategorized';

/**
 * One Markdown file: a title, a section (`##`) per category A-Z with the uncategorised prompts
 * last, and per prompt a `###` title, its tags and favourite flag, and the body verbatim in a fence.
 */
export function renderMarkdown(document: PromptsDocument): string {
  const lines: string[] = ['# Construct prompts', ''];
  const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  lines.push(
    `Exported ${document.exported_at?.slice(0, 10) ?? ''} · ${count(document.prompts.length, 'prompt', 'prompts')} · ${count(document.categories.length, 'category', 'categories')}.`,
    '',
    '_This file is for reading. To move prompts into another account, export and import JSON._',
    '',
  );
  const sections: { name: string; prompts: ExportedPrompt[] }[] = document.categories.map((c) => ({ name: c.name, prompts: [] }));
  const byKey = new Map(sections.map((s) => [nameKey(s.name), s]));
  const uncategorized: ExportedPrompt[] = [];
  for (const p of document.prompts) {
    const section = p.category ? byKey.get(nameKey(p.category)) : undefined;
    if (section) section.prompts.push(p);
    else if (p.category) {
      const added = { name: p.category, prompts: [p] };
      sections.push(added);
      byKey.set(nameKey(p.category), added);
    } else uncategorized.push(p);
  }
  if (uncategorized.length) sections.push({ name: UNCATEGORIZED, prompts: uncategorized });

  for (const section of sections) {
    lines.push(`## ${inline(section.name)}`, '');
    if (!section.prompts.length) lines.push('_No prompts._', '');
    for (const p of section.prompts) {
      lines.push(`### ${inline(p.title)}`, '');
      if (p.tasks.length) lines.push(`- Tasks: ${p.tasks.map(inline).join(', ')}`);
      if (p.industries.length) lines.push(`- Industries: ${p.industries.map(inline).join(', ')}`);
      if (p.kind === 'chat') lines.push('- Kind: chat (the messages below, each under its role)');
      if (p.config && describeConfig(p.config)) lines.push(`- Model settings: ${inline(describeConfig(p.config))}`);
      lines.push(`- Favorite: ${p.is_favorite ? 'yes' : 'no'}`, '');
      const body = bodyOf(p);
      const fence = fenceFor(body);
      lines.push(fence, body.endsWith('\n') ? body.slice(0, -1) : body, fence, '');
    }
  }
  return lines.join('\n');
}

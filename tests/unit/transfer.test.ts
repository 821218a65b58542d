import { describe, expect, it } from 'vitest';
import { exportFileName, NOT_AN_EXPORT, type PromptsDocument } from '@shared/contract/transfer';
import type { CategoryItem } from '../../functions/lib/data/category';
import type { PromptItem } from '../../functions/lib/data/prompt';
import { BadRequestError } from '../../functions/lib/http/errors';
import { buildDocument, fenceFor, inline, renderMarkdown } from '../../functions/lib/use-cases/transfer-export';
import { checkDocument, limitCheck, parseDocument, planImport } from '../../functions/lib/use-cases/transfer-import';

/** Import and export logic: the Markdown bundle, validation with positions, duplicates, limits. */
const T0 = '2026-03-01T10:00:00.000Z';

const item = (overrides: Partial<PromptItem> = {}): PromptItem => ({
  id: 'p1',
  title: 'Weekly report',
  body: 'Summarise [INPUT: notes].',
  category_id: null,
  is_favorite: false,
  tasks: [],
  industries: [],
  created_at: T0,
  updated_at: T0,
  ...overrides,
});
const category = (id: string, name: string): CategoryItem => ({ id, name, created_at: T0 });

const doc = (prompts: Partial<PromptsDocument['prompts'][number]>[], categories: string[] = []): PromptsDocument => ({
  format: 'construct.prompts',
  version: 1,
  exported_at: T0,
  categories: categories.map((name) => ({ name })),
  prompts: prompts.map((p) => ({ title: 'T', body: 'B', category: null, tasks: [], industries: [], is_favorite: false, ...p })),
});

/** A workspace's plan and counters as an import's limit check reads them. */
const user = (tier: 'free' | 'pro' | 'elite', prompts_used = 0, categories_used = 0) => ({ tier, holderItem: { prompts_used, categories_used } });

describe('markdown export', () => {
  it('fences a body with a fence longer than any backtick run in it', () => {
    expect(fenceFor('plain text')).toBe('```');
    expect(fenceFor('use `code` here')).toBe('```');
    expect(fenceFor('```js\nx\n```')).toBe('````');
    expect(fenceFor('a ````` b `` c')).toBe('``````');
  });

  it('keeps a body with backtick fences inside its own block, verbatim', () => {
    const body = 'Reply with:\n```json\n{"a": 1}\n```\nand ````` five.';
    const md = renderMarkdown(doc([{ title: 'Fenced', body }]));

    const fence = '``````';
    expect(md).toContain(`${fence}\n${body}\n${fence}\n`);
    // No line of the body is as long a run of backticks as the fence, so it cannot end the block early.
    expect(body.split('\n').some((line) => line.trim().startsWith(fence))).toBe(false);
  });

  it('groups prompts under their categories A-Z with uncategorised last, with tags and favourite', () => {
    const workspace = {
      categories: [category('c2', 'Sales'), category('c1', 'marketing')],
      prompts: [
        item({
          id: 'a',
          title: 'Cold email',
          category_id: 'c2',
          tasks: ['Email'],
          industries: ['SaaS'],
          is_favorite: true,
          created_at: '2026-03-03T00:00:00.000Z',
        }),
        item({ id: 'b', title: 'Loose one', created_at: '2026-03-02T00:00:00.000Z' }),
        item({ id: 'c', title: 'Slogan', category_id: 'c1' }),
      ],
    };
    const md = renderMarkdown(buildDocument(workspace, new Date(T0)));

    expect(md.match(/^## .*/gm)).toEqual(['## marketing', '## Sales', '## Uncategorized']);
    expect(md.match(/^### .*/gm)).toEqual(['### Slogan', '### Cold email', '### Loose one']);
    expect(md).toContain('### Cold email\n\n- Tasks: Email\n- Industries: SaaS\n- Favorite: yes\n');
    expect(md).toContain('### Loose one\n\n- Favorite: no\n');
    expect(md.startsWith('# Construct prompts\n')).toBe(true);
  });

  it('escapes Markdown in titles and names so a title cannot become markup', () => {
    expect(inline('C# *tips* <b>\nnew line')).toBe('C\\# \\*tips\\* \\<b\\> new line');
    const md = renderMarkdown(doc([{ title: 'Use `x` & [links](http://e)' }]));
    expect(md).toContain('### Use \\`x\\` \\& \\[links\\](http://e)');
  });

  it('names the file by date and format', () => {
    expect(exportFileName('json', new Date(T0))).toBe('construct-prompts-2026-03-01.json');
    expect(exportFileName('markdown', new Date(T0))).toBe('construct-prompts-2026-03-01.md');
  });
});

describe('export document', () => {
  it('has no ids: categories and prompts by name, newest first, a missing category as null', () => {
    const document = buildDocument(
      {
        categories: [category('c1', 'Ops')],
        prompts: [
          item({ id: 'x', category_id: 'c1', forked_from: 'lib-1' }),
          item({ id: 'y', title: 'Orphan', category_id: 'gone', created_at: '2026-03-02T00:00:00.000Z' }),
        ],
      },
      new Date(T0),
    );

    expect(document).toEqual({
      format: 'construct.prompts',
      version: 1,
      exported_at: T0,
      categories: [{ name: 'Ops' }],
      prompts: [
        {
          title: 'Orphan',
          body: 'Summarise [INPUT: notes].',
          category: null,
          tasks: [],
          industries: [],
          is_favorite: false,
          created_at: '2026-03-02T00:00:00.000Z',
          updated_at: T0,
        },
        {
          title: 'Weekly report',
          body: 'Summarise [INPUT: notes].',
          category: 'Ops',
          tasks: [],
          industries: [],
          is_favorite: false,
          created_at: T0,
          updated_at: T0,
        },
      ],
    });
    expect(JSON.stringify(document)).not.toMatch(/"(id|category_id|forked_from)"/);
    // What export writes, import reads.
    expect(checkDocument(JSON.parse(JSON.stringify(document))).document).toEqual(document);
  });
});

describe('import validation', () => {
  it('refuses what is not an export with one clear message', () => {
    for (const input of [null, [], 'text', {}, { format: 'other', version: 1, prompts: [] }]) {
      expect(() => parseDocument(input)).toThrow(new BadRequestError(NOT_AN_EXPORT));
    }
  });

  it('reports problems with their positions, the first in the detail', () => {
    const input = {
      format: 'construct.prompts',
      version: 1,
      categories: [{ name: 'x'.repeat(61) }],
      prompts: [
        { title: 'ok', body: 'ok' },
        { title: 'ok', body: 'ok' },
        { title: 'ok', body: 'ok' },
        { title: '  ', body: 'b' },
        { body: 'b', id: 'abc' },
        { title: 't', body: 'b', tasks: 5 },
      ],
    };

    const { problems, total } = checkDocument(input);

    expect(problems?.map((p) => p.message)).toEqual([
      'categories[0].name: Category name must be at most 60 characters.',
      'prompts[3].title: Title is required.',
      'prompts[4].title is required.',
      'prompts[4]: unknown field id.',
      expect.stringMatching(/^prompts\[5\]\.tasks/),
    ]);
    expect(total).toBe(5);
    expect(() => parseDocument(input)).toThrow(
      'This file cannot be imported: categories[0].name: Category name must be at most 60 characters. (and 4 more problems)',
    );
  });

  it('applies the prompt field rules of POST /prompts/ and the 1,000-prompt cap', () => {
    expect(checkDocument({ format: 'construct.prompts', version: 1, prompts: [{ title: 't', body: 'x'.repeat(20_001) }] }).problems?.[0]?.message).toBe(
      'prompts[0].body: Body must be at most 20000 characters.',
    );
    expect(checkDocument({ format: 'construct.prompts', version: 2, prompts: [] }).problems?.[0]?.message).toBe(
      'version: Only version 1 exports can be imported.',
    );
    const many = Array.from({ length: 1001 }, (_, i) => ({ title: `p${i}`, body: 'b' }));
    expect(checkDocument({ format: 'construct.prompts', version: 1, prompts: many }).problems?.[0]?.message).toMatch(
      /^prompts: A file may have at most 1000 prompts/,
    );
    // Tags normalise as on create: comma strings split, trimmed, de-duplicated.
    expect(
      checkDocument({ format: 'construct.prompts', version: 1, prompts: [{ title: ' t ', body: 'b', tasks: 'a, b,a,' }] }).document?.prompts[0],
    ).toMatchObject({ title: 't', tasks: ['a', 'b'] });
  });
});

describe('import planning', () => {
  it('skips prompts with the title (any case, trimmed) and body (trimmed) of a workspace prompt or an earlier one in the file', () => {
    const workspace = { categories: [], prompts: [item({ title: 'Weekly Report', body: 'Same body' })] };
    const plan = planImport(
      doc([
        { title: 'weekly report', body: '  Same body\n' },
        { title: 'New', body: 'One' },
        { title: 'NEW', body: 'One' },
        { title: 'New', body: 'one' },
        { title: 'Weekly report', body: 'Other body' },
      ]),
      workspace,
    );

    expect(plan.duplicates).toEqual([
      { title: 'weekly report', reason: 'in_workspace' },
      { title: 'NEW', reason: 'in_file' },
    ]);
    expect(plan.create.map((c) => [c.prompt.title, c.prompt.body])).toEqual([
      ['New', 'One'],
      ['New', 'one'],
      ['Weekly report', 'Other body'],
    ]);
  });

  it('matches categories by name case-insensitively and creates the missing ones once', () => {
    const workspace = { categories: [category('c1', 'Marketing')], prompts: [] };
    const plan = planImport(
      doc(
        [
          { title: 'a', category: 'marketing ' },
          { title: 'b', category: 'Sales' },
          { title: 'c', category: 'SALES' },
        ],
        ['MARKETING', 'Empty', 'empty'],
      ),
      workspace,
    );

    expect(plan.categoriesToCreate).toEqual(['Empty', 'Sales']);
    expect(plan.create.map((c) => c.category)).toEqual(['marketing', 'sales', 'sales']);
    expect(plan.existing.get('marketing')?.id).toBe('c1');
  });

  it('checks new prompts and categories against what the plan has left', () => {
    const plan = (prompts: number, categories: number) => ({
      create: Array.from({ length: prompts }, () => ({ prompt: {} }) as never),
      categoriesToCreate: Array.from({ length: categories }, (_, i) => `c${i}`),
    });

    expect(limitCheck(user('free', 2), plan(3, 0))).toEqual({ allowed: true });
    expect(limitCheck(user('free', 2), plan(12, 0))).toEqual({
      allowed: false,
      detail: 'This file has 12 new prompts but your plan allows 3 more. Please upgrade your plan or import a smaller file.',
    });
    expect(limitCheck(user('free', 5), plan(1, 0)).detail).toBe(
      'This file has 1 new prompt but you have reached your limit of 5 prompts. Please upgrade your plan.',
    );
    expect(limitCheck(user('free', 0, 1), plan(1, 3)).detail).toBe(
      'This file has 3 new categories but your plan allows 2 more. Please upgrade your plan or import a smaller file.',
    );
    expect(limitCheck(user('elite', 10_000, 10_000), plan(1000, 1000))).toEqual({ allowed: true });
  });
});

import { API_BASE } from './routes';

/**
 * The code that replaces `openai.responses.create({ prompt: { id, version, variables } })` once an
 * OpenAI prompt is imported (POST /prompts/import/openai): the prompt is compiled by Construct
 * (its production label) and sent to OpenAI's Chat Completions with its messages and settings.
 * TypeScript with the SDK; Python and curl call the registry's compile route directly.
 */
export interface Replacement {
  slug: string;
  /** The site the code calls, e.g. https://construct.example.com. */
  origin: string;
  openaiId?: string;
  /** The OpenAI version the old call pinned, for the "before" comment. */
  openaiVersion?: string;
  variables: { name: string; default?: string }[];
  /** The production version's model, when it names one. */
  model?: string;
  reasoningEffort?: string;
}

const FALLBACK_MODEL = 'gpt-4.1';
const str = (value: string) => JSON.stringify(value);
const values = (r: Replacement) => Object.fromEntries(r.variables.map((v) => [v.name, v.default ?? `<${v.name}>`]));
const objectLiteral = (o: Record<string, string>) => {
  const entries = Object.entries(o).map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : str(k)}: ${str(v)}`);
  return entries.length ? `{ ${entries.join(', ')} }` : '{}';
};

export function typescriptCode(r: Replacement): string {
  const vars = objectLiteral(values(r));
  const before = [
    `//   prompt: { id: ${str(r.openaiId ?? 'pmpt_…')}${r.openaiVersion ? `, version: ${str(r.openaiVersion)}` : ''}, variables: ${vars} },`,
    ...(r.reasoningEffort ? [`//   reasoning: { effort: ${str(r.reasoningEffort)} },`] : []),
  ];
  const extra = [...(r.model ? [] : [`model: ${str(FALLBACK_MODEL)}`]), ...(r.reasoningEffort ? [`reasoning_effort: ${str(r.reasoningEffort)}`] : [])];
  return [
    "import OpenAI from 'openai';",
    "import { Construct } from '@construct/sdk';",
    '',
    'const openai = new OpenAI();',
    `const construct = new Construct({ apiKey: process.env.CONSTRUCT_API_KEY!, baseUrl: ${str(r.origin)} });`,
    '',
    '// Before:',
    '// const response = await openai.responses.create({',
    ...before,
    '// });',
    `const compiled = await construct.prompts.compileChat(${str(r.slug)}, ${vars}, { label: 'production' });`,
    `const response = await openai.chat.completions.create({ ${extra.length ? `${extra.join(', ')}, ` : ''}...compiled.toOpenAI() });`,
    'console.log(response.choices[0].message.content);',
  ].join('\n');
}

const compileUrl = (r: Replacement) => `${r.origin}${API_BASE}/registry/prompts/${encodeURIComponent(r.slug)}/compile`;

export function pythonCode(r: Replacement): string {
  const vars = JSON.stringify(values(r));
  return [
    'import os',
    'import requests',
    'from openai import OpenAI',
    '',
    'client = OpenAI()',
    `# Before: client.responses.create(prompt={"id": ${str(r.openaiId ?? 'pmpt_…')}, "variables": ${vars}})`,
    'compiled = requests.post(',
    `    ${str(compileUrl(r))},`,
    '    headers={"Authorization": f"Bearer {os.environ[\'CONSTRUCT_API_KEY\']}"},',
    `    json={"variables": ${vars}, "label": "production"},`,
    '    timeout=10,',
    ').json()',
    '# compiled["config"] holds the tools and response_format too (the SDK\'s toOpenAI() shows the Chat Completions form).',
    'response = client.chat.completions.create(',
    `    model=compiled["config"].get("model", ${str(r.model ?? FALLBACK_MODEL)}),`,
    '    messages=compiled["messages"],',
    ...(r.reasoningEffort ? [`    reasoning_effort=${str(r.reasoningEffort)},`] : []),
    ')',
    'print(response.choices[0].message.content)',
  ].join('\n');
}

export function curlCode(r: Replacement): string {
  const body = JSON.stringify({ variables: values(r), label: 'production' }).replaceAll("'", "'\\''");
  return [
    `curl -s -X POST ${str(compileUrl(r))} \\`,
    '  -H "Authorization: Bearer $CONSTRUCT_API_KEY" \\',
    '  -H "Content-Type: application/json" \\',
    `  -d '${body}'`,
    '# → {"kind": "chat", "messages": [...], "config": {...}}: send the messages to your model.',
  ].join('\n');
}

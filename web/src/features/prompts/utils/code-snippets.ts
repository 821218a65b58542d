import type { Prompt } from '@shared/contract/prompts';
import { API_BASE } from '@shared/routes';
import { parseVariables } from '@shared/variables';

/** The label code should ask for: production when set, else the first one; none: the latest version. */
const labelOf = (prompt: Prompt) => ('production' in prompt.labels ? 'production' : Object.keys(prompt.labels)[0]);

/**
 * curl and SDK calls for one prompt ('Use from code'): its slug, a label, its INPUT variables and the
 * workspace it is in. A chat prompt's SDK call is compileChat, handed to OpenAI with toOpenAI().
 */
export function codeSnippets(prompt: Prompt, origin: string, workspace: string | null) {
  const label = labelOf(prompt);
  // A chat prompt's body is its transcript: it holds every message's markers.
  const inputs = parseVariables(prompt.body).filter((v) => v.type === 'INPUT');
  const variables = JSON.stringify(Object.fromEntries(inputs.map((v) => [v.key, `<${v.key}>`])));
  const teamQuery = workspace ? `workspace=${encodeURIComponent(workspace)}` : '';
  const readQuery = [label ? `label=${encodeURIComponent(label)}` : '', teamQuery].filter(Boolean).join('&');
  const url = `${origin}${API_BASE}/registry/prompts/${encodeURIComponent(prompt.slug)}`;
  const body = JSON.stringify({ variables: JSON.parse(variables), ...(label ? { label } : {}) });
  const options = label ? `, { label: '${label}' }` : ', {}';
  const client = [
    "import { Construct } from '@construct/sdk';",
    '',
    `const construct = new Construct({ apiKey: process.env.CONSTRUCT_API_KEY!, baseUrl: '${origin}'${workspace ? `, workspace: '${workspace}'` : ''} });`,
  ];
  const sdk =
    prompt.kind === 'chat'
      ? [
          ...client.slice(0, 1),
          "import OpenAI from 'openai';",
          ...client.slice(1),
          `const compiled = await construct.prompts.compileChat('${prompt.slug}', ${variables}${options});`,
          "const reply = await new OpenAI().chat.completions.create({ model: 'gpt-4.1-mini', ...compiled.toOpenAI() });",
        ]
      : [...client, `const text = await construct.prompts.compile('${prompt.slug}', ${variables}${options});`];
  return [
    { title: 'Read it (curl)', code: `curl -H "Authorization: Bearer $CONSTRUCT_API_KEY" \\\n  "${url}${readQuery ? `?${readQuery}` : ''}"` },
    {
      title: 'Fill it (curl)',
      code: `curl -X POST -H "Authorization: Bearer $CONSTRUCT_API_KEY" -H "content-type: application/json" \\\n  -d '${body}' \\\n  "${url}/compile${teamQuery ? `?${teamQuery}` : ''}"`,
    },
    { title: 'TypeScript SDK (@construct/sdk)', code: sdk.join('\n') },
  ];
}

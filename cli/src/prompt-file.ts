import { parse, stringify } from 'yaml';
import type { ModelConfig, Prompt } from '../../sdk/src/index';

/**
 * A prompt as a file that reads and diffs well in Git: Markdown with YAML front matter (slug,
 * title, kind, the version it was pulled at, its model settings and variables), then a text
 * prompt's body as is, or a chat prompt's messages, one `## [role]` section each. A line of a
 * message that would read as a section heading is kept with a backslash in front.
 */
export type Message = NonNullable<Prompt['messages']>[number];

export interface PromptFile {
  slug: string;
  title: string;
  kind: 'text' | 'chat';
  /** The version the file was pulled at: a push makes the next version from it, or is refused. */
  version: number;
  /** The label it was pulled by, when one was asked for. */
  label?: string;
  config: ModelConfig;
  /** Read from the body on the server: shown for the reader, not sent. */
  variables?: Prompt['variables'];
  body?: string;
  messages?: Message[];
}

const HEADING = /^(\\*)## \[(system|user|assistant|placeholder)(?: ([^\]\s]+))?\]\s*$/;
const ROLES = new Set(['system', 'user', 'assistant']);
/** Blank lines around a body or message are layout, not content. */
const trimLines = (text: string) => text.replace(/^(?:[ \t]*\n)+/, '').replace(/\s+$/, '');
const escapeHeadings = (content: string) => content.replace(/^(\\*## \[)/gm, '\\$1');
const unescapeHeading = (line: string) => line.replace(/^\\(\\*## \[)/, '$1');

export function fromPrompt(prompt: Prompt, label?: string): PromptFile {
  return {
    slug: prompt.slug,
    title: prompt.title,
    kind: prompt.kind,
    version: prompt.version,
    ...(label ? { label } : {}),
    config: prompt.config,
    variables: prompt.variables,
    ...(prompt.kind === 'chat' ? { messages: prompt.messages ?? [] } : { body: prompt.body }),
  };
}

/** The file's text; without `pulled` it leaves out where it was pulled (version, label) and the derived variables, to compare content. */
export function render(file: PromptFile, { pulled = true } = {}): string {
  const front: Record<string, unknown> = { slug: file.slug, title: file.title, kind: file.kind };
  if (pulled) {
    front.version = file.version;
    if (file.label) front.label = file.label;
  }
  if (Object.keys(file.config ?? {}).length) front.config = file.config;
  if (pulled && file.variables?.length) front.variables = file.variables;
  const content =
    file.kind === 'chat'
      ? (file.messages ?? [])
          .map((m) => (m.role === 'placeholder' ? `## [placeholder ${m.name}]` : `## [${m.role}]\n\n${escapeHeadings(trimLines(m.content))}`))
          .join('\n\n')
      : trimLines(file.body ?? '');
  return `---\n${stringify(front, { lineWidth: 0 })}---\n\n${content}\n`;
}

export class FileProblem extends Error {}

export function parseFile(text: string, name: string): PromptFile {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (!match) throw new FileProblem(`${name}: no front matter (a --- line, the YAML fields, then a --- line).`);
  let front: Record<string, unknown>;
  try {
    front = parse(match[1]!) ?? {};
  } catch (error) {
    throw new FileProblem(`${name}: the front matter is not valid YAML (${(error as Error).message.split('\n')[0]}).`);
  }
  const need = (field: string, ok: boolean) => {
    if (!ok) throw new FileProblem(`${name}: the front matter needs ${field}.`);
  };
  need('slug', typeof front.slug === 'string');
  need('title', typeof front.title === 'string');
  need('kind: text or chat', front.kind === 'text' || front.kind === 'chat');
  need('version (the version it was pulled at)', Number.isInteger(front.version) && (front.version as number) > 0);
  need('config as a mapping', front.config === undefined || (typeof front.config === 'object' && front.config !== null && !Array.isArray(front.config)));
  const file: PromptFile = {
    slug: front.slug as string,
    title: front.title as string,
    kind: front.kind as 'text' | 'chat',
    version: front.version as number,
    ...(typeof front.label === 'string' ? { label: front.label } : {}),
    config: (front.config ?? {}) as ModelConfig,
    ...(Array.isArray(front.variables) ? { variables: front.variables as Prompt['variables'] } : {}),
  };
  const content = match[2]!.replace(/\r\n/g, '\n');
  if (file.kind === 'text') return { ...file, body: trimLines(content) };
  return { ...file, messages: messagesOf(content, name) };
}

function messagesOf(content: string, name: string): Message[] {
  const messages: Message[] = [];
  let current: { role: string; lines: string[] } | undefined;
  const close = () => {
    if (current && ROLES.has(current.role)) messages.push({ role: current.role as 'system', content: trimLines(current.lines.join('\n')) });
  };
  for (const line of content.split('\n')) {
    const heading = HEADING.exec(line);
    if (heading && !heading[1]) {
      close();
      const [, , role, placeholder] = heading;
      if (role === 'placeholder') {
        if (!placeholder) throw new FileProblem(`${name}: a placeholder section names its placeholder: ## [placeholder history].`);
        messages.push({ role: 'placeholder', name: placeholder });
        current = { role: 'placeholder', lines: [] };
      } else current = { role: role!, lines: [] };
      continue;
    }
    if (!current) {
      if (line.trim()) throw new FileProblem(`${name}: a chat prompt's text starts with a section: ## [system], ## [user] or ## [assistant].`);
      continue;
    }
    if (current.role === 'placeholder' && line.trim()) throw new FileProblem(`${name}: a placeholder section holds no text.`);
    current.lines.push(unescapeHeading(line));
  }
  close();
  return messages;
}

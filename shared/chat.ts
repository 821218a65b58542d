import type { ChatMessage, ModelConfig, PromptKind } from './contract/chat';

/**
 * A prompt's content in both kinds (shared/contract/chat.ts). A chat prompt's `body` is its
 * messages as a readable transcript (transcriptOf), written by the prompt entity on every save, so
 * every reader of a body (cards, search, the library, exports, share pages, the variable detector)
 * shows a chat prompt readably and finds the markers of all its messages.
 */
export interface Content {
  kind?: PromptKind;
  body: string;
  messages?: ChatMessage[];
  config?: ModelConfig;
}

const ROLE_LABEL = { system: 'System', user: 'User', assistant: 'Assistant' } as const;

/**
 * The transcript of a chat prompt: each message under its role's name, a blank line between, a
 * placeholder as one line naming it. A marker never spans lines, so the transcript holds exactly
 * the markers of the messages, and no others.
 */
export function transcriptOf(messages: readonly ChatMessage[]): string {
  return messages.map((m) => (m.role === 'placeholder' ? `(Placeholder: ${m.name})` : `${ROLE_LABEL[m.role]}:\n${m.content}`)).join('\n\n');
}

/** The body a prompt is stored with: a text prompt's own, a chat prompt's transcript. */
export const bodyOf = (content: { kind?: PromptKind; body?: string; messages?: readonly ChatMessage[] }): string =>
  content.kind === 'chat' ? transcriptOf(content.messages ?? []) : (content.body ?? '');

export const isChat = (content: { kind?: PromptKind }) => content.kind === 'chat';

/** Two JSON values alike: objects key by key whatever their order, arrays item by item. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const aKeys = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const bKeys = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  if (aKeys.length !== bKeys.length) return false;
  return aKeys.every((k) => Object.hasOwn(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** The model settings, empty ones left out (so `{}` and a missing config are the same content). */
export const configOf = (content: { config?: ModelConfig | null }): ModelConfig => content.config ?? {};

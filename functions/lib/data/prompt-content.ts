import { sameBodyAndSettings, storedContent } from '@shared/chat';
import type { ChatMessage, ModelConfig, PromptKind } from '@shared/contract/chat';

/**
 * A prompt's content, what each version keeps and "the same content" compares: title, tags and
 * the content of shared/chat.ts (a text prompt's body, or a chat prompt's messages with the body
 * derived from them, and the model settings).
 */
export interface PromptContent {
  title: string;
  kind?: PromptKind;
  body: string;
  messages?: ChatMessage[];
  config?: ModelConfig;
  tasks: string[];
  industries: string[];
}

/** The content of an item or an input, as stored (a chat prompt's body derived). */
export const contentOf = (p: Omit<PromptContent, 'body'> & { body?: string }): PromptContent => ({
  title: p.title,
  ...storedContent(p),
  tasks: p.tasks ?? [],
  industries: p.industries ?? [],
});
const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
export const sameContent = (a: PromptContent, b: PromptContent) =>
  a.title === b.title && sameBodyAndSettings(a, b) && sameList(a.tasks ?? [], b.tasks ?? []) && sameList(a.industries ?? [], b.industries ?? []);

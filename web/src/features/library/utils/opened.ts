import type { ChatMessage, ModelConfig, PromptKind } from '@shared/contract/chat';
import type { LibraryPrompt } from '@shared/contract/library';

/** A library prompt as the workbench opens it: a chat prompt with its messages and settings, so Run sends them (not its transcript). */
export interface OpenedLibraryPrompt {
  id: string;
  title: string;
  body: string;
  kind?: PromptKind;
  messages?: ChatMessage[];
  config?: ModelConfig;
}

export const openedLibraryPrompt = ({ id, title, body, kind, messages, config }: LibraryPrompt): OpenedLibraryPrompt => ({
  id,
  title,
  body,
  ...(kind === 'chat' && messages?.length ? { kind, messages } : {}),
  ...(config ? { config } : {}),
});

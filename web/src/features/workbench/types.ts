import type { ChatMessage, ModelConfig, PromptKind } from '@shared/contract/chat';

/** A prompt the workbench fills: a saved one (with its id), a library prompt, or a shared one. */
export interface WorkbenchPrompt {
  id?: string;
  title: string;
  /** A text prompt's body; a chat prompt's transcript (its messages, readable). */
  body: string;
  /** `chat`: Run sends the messages, filled, instead of the body. */
  kind?: PromptKind;
  messages?: ChatMessage[];
  /** The model settings saved with the version; Run sends them. */
  config?: ModelConfig;
  /** The version the prompt is at, recorded with a run. */
  version?: number;
  /** A prompt of the current workspace: 'Keep as example' under a Run answer stores an example with it. */
  keepable?: boolean;
  /** A fork of a library prompt: Compare offers its library original. */
  forked?: boolean;
}

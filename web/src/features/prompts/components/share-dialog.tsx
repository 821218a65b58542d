import type { Prompt } from '@shared/contract/prompts';
import { ShareLinkPanel } from './share-link-panel';

export interface ShareDialogProps {
  /** The prompt to share; the dialog is shown while there is one. */
  prompt: Prompt | null;
  onClose: () => void;
}

/**
 * 'Share' on a prompt: opening it makes the public link (or finds the one that exists), shows it
 * with Copy, and offers 'Stop sharing'. Anyone with the link can read the prompt and fork it.
 */
export function ShareDialog({ prompt, onClose }: ShareDialogProps) {
  return prompt ? <ShareLinkPanel key={prompt.id} prompt={prompt} onClose={onClose} /> : null;
}

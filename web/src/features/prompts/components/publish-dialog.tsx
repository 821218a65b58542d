import type { Prompt } from '@shared/contract/prompts';
import { PublishForm } from './publish-form';

export interface PublishDialogProps {
  /** The prompt to publish; the dialog is shown while there is one. */
  prompt: Prompt | null;
  onClose: () => void;
}

/**
 * The admin's 'Publish to Library' (docs/decisions.md, Product): a copy of one of their prompts goes into the
 * library, in a library category (or none) at a tier. Success closes with a toast; a failure stays
 * open with the server's reason.
 */
export function PublishDialog({ prompt, onClose }: PublishDialogProps) {
  // Mounted per prompt, so the choices start fresh and focus returns to the card's button.
  return prompt ? <PublishForm key={prompt.id} prompt={prompt} onClose={onClose} /> : null;
}

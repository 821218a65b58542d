import type { Prompt } from '@shared/contract/prompts';
import { LibraryUpdateBody } from './library-update-body';
import './versions.css';

export interface LibraryUpdateDialogProps {
  /** The fork whose original changed; the dialog is shown while there is one. */
  prompt: Prompt | null;
  onClose: () => void;
}

/**
 * Fork lineage: the library original of a copied prompt changed. Shows the user's
 * version against the library's, then pulls the change in (a new version: nothing of theirs is
 * lost) or dismisses it.
 */
export function LibraryUpdateDialog({ prompt, onClose }: LibraryUpdateDialogProps) {
  return prompt ? <LibraryUpdateBody key={prompt.id} prompt={prompt} onClose={onClose} /> : null;
}

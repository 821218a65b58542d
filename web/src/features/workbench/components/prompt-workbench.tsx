import type { WorkbenchPrompt } from '../types';
import { WorkbenchDialog } from './workbench-dialog';
import './workbench.css';

export interface PromptWorkbenchProps {
  /** The prompt to fill; `null` renders nothing. */
  prompt: WorkbenchPrompt | null;
  onClose: () => void;
  /** Why Fork and Save as template are held (the plan's prompt limit is reached); null when they are not. */
  saveHeldBy?: string | null;
}

/**
 * The prompt workbench (docs/product.md, Variables and the workbench): the template with its
 * variables highlighted, a control per variable, and a live preview to copy or fork. A modal
 * dialog: Escape closes it, focus stays inside and returns where it was.
 */
export function PromptWorkbench({ prompt, onClose, saveHeldBy = null }: PromptWorkbenchProps) {
  if (!prompt) return null;
  return <WorkbenchDialog prompt={prompt} onClose={onClose} saveHeldBy={saveHeldBy} />;
}

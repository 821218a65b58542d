import { ModalDialog } from '@/components/ui/modal-dialog';
import type { WorkbenchPrompt } from '../types';
import { WorkbenchPanels } from './workbench-panels';
import './workbench.css';

export function WorkbenchDialog({ prompt, onClose, saveHeldBy }: { prompt: WorkbenchPrompt; onClose: () => void; saveHeldBy: string | null }) {
  return (
    <ModalDialog
      onClose={onClose}
      title="Prompt Workbench"
      description="Fill in the variables, then copy or fork the result."
      size="xl"
      className="workbench"
      onOpenAutoFocus={(event) => {
        // Start at the first thing to fill in, when there is one.
        const first = (event.currentTarget as HTMLElement | null)?.querySelector<HTMLElement>('.wb-var input, .wb-var textarea, .wb-var select');
        if (first) {
          event.preventDefault();
          first.focus();
        }
      }}
    >
      <WorkbenchPanels key={`${prompt.id ?? ''}\u0000${prompt.body}`} prompt={prompt} onClose={onClose} saveHeldBy={saveHeldBy} />
    </ModalDialog>
  );
}

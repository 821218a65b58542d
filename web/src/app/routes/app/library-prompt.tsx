import { useState } from 'react';
import { useParams } from 'react-router-dom';
import '@/components/layouts/content-layout.css';
import { LibraryPromptPage } from '@/features/library/components/library-prompt-page';
import { PromptWorkbench, type WorkbenchPrompt } from '@/features/workbench/components/prompt-workbench';

/** /library/<id>: one library prompt's page; its 'Open' shows the prompt in the workbench (composed here, as on /library). */
export function Component() {
  const { id = '' } = useParams();
  const [opened, setOpened] = useState<WorkbenchPrompt | null>(null);
  return (
    <div className="content-layout container">
      <LibraryPromptPage id={id} onOpenPrompt={setOpened} />
      <PromptWorkbench prompt={opened} onClose={() => setOpened(null)} />
    </div>
  );
}

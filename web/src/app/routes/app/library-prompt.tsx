import { useState } from 'react';
import { useParams } from 'react-router-dom';
import '@/components/layouts/content-layout.css';
import { LibraryPromptPage } from '@/features/library/components/library-prompt-page';
import { PromptWorkbench } from '@/features/workbench/components/prompt-workbench';
import type { WorkbenchPrompt } from '@/features/workbench/types';
import { usePromptLimitNote } from '@/lib/api/get-prompts';
import { useSession } from '@/lib/session';

/** /library/<id>: one library prompt's page; its 'Open' shows the prompt in the workbench (composed here, as on /library). */
export function Component() {
  const { id = '' } = useParams();
  const [opened, setOpened] = useState<WorkbenchPrompt | null>(null);
  // 'Save to My Prompts' and the workbench's Fork are held at the plan's prompt limit.
  const saveHeldBy = usePromptLimitNote(useSession().user?.access_tier);
  return (
    <div className="content-layout container">
      <LibraryPromptPage id={id} onOpenPrompt={setOpened} saveHeldBy={saveHeldBy} />
      <PromptWorkbench prompt={opened} onClose={() => setOpened(null)} saveHeldBy={saveHeldBy} />
    </div>
  );
}

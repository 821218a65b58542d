import { useState } from 'react';
import { ContentLayout } from '@/components/layouts/content-layout';
import { LibraryPage } from '@/features/library/components/library-page';
import { PromptWorkbench } from '@/features/workbench/components/prompt-workbench';
import type { WorkbenchPrompt } from '@/features/workbench/types';
import { usePromptLimitNote } from '@/lib/api/get-prompts';
import { useSession } from '@/lib/session';

/**
 * /library: the prompt library. Features do not import each other, so the route composes them:
 * the library's 'Open' hands a prompt here, and this module shows it in the workbench.
 */
export function Component() {
  const [opened, setOpened] = useState<WorkbenchPrompt | null>(null);
  // 'Save to My Prompts' and the workbench's Fork are held at the plan's prompt limit.
  const saveHeldBy = usePromptLimitNote(useSession().user?.access_tier);
  return (
    <ContentLayout title="Prompt Library" description="Curated prompts, ready to use: open one in the workbench or save a copy to My Prompts.">
      <LibraryPage onOpenPrompt={setOpened} saveHeldBy={saveHeldBy} />
      <PromptWorkbench prompt={opened} onClose={() => setOpened(null)} saveHeldBy={saveHeldBy} />
    </ContentLayout>
  );
}

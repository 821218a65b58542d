import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { Prompt } from '@shared/contract/prompts';
import { PromptsPage } from '@/features/prompts/components/prompts-page';
import { PromptWorkbench } from '@/features/workbench/components/prompt-workbench';
import type { WorkbenchPrompt } from '@/features/workbench/types';
import { usePromptLimitNote } from '@/lib/api/get-prompts';
import { useSession } from '@/lib/session';

/**
 * /prompts: My Prompts. Features do not import each other, so this route composes them: the
 * user's tier and admin flag come from the session, and 'Open' on a card shows the prompt in the workbench
 * (as does a copy just forked from a share link).
 */
export function Component() {
  const { user } = useSession();
  // A prompt just forked from a share link arrives open (routes/shared.tsx).
  const location = useLocation();
  const navigate = useNavigate();
  const arriving = (location.state as { openPrompt?: WorkbenchPrompt } | null)?.openPrompt;
  const [open, setOpen] = useState<WorkbenchPrompt | null>(arriving ?? null);
  // Once only: a reload or a step back to this entry does not open it again.
  useEffect(() => {
    if (arriving) void navigate(location.pathname, { replace: true, state: null });
  }, [arriving, navigate, location.pathname]);
  const onOpenPrompt = useCallback(
    (prompt: Prompt) =>
      setOpen({
        id: prompt.id,
        title: prompt.title,
        body: prompt.body,
        kind: prompt.kind,
        messages: prompt.messages,
        config: prompt.config,
        version: prompt.version,
        keepable: true,
        forked: Boolean(prompt.forked_from),
      }),
    [],
  );
  const onClose = useCallback(() => setOpen(null), []);
  // Fork and Save as template are held before the request when the plan's prompt limit is reached.
  const saveHeldBy = usePromptLimitNote(user?.access_tier);

  return (
    <>
      <PromptsPage accessTier={user?.access_tier} isAdmin={user?.is_admin ?? false} onOpenPrompt={onOpenPrompt} />
      <PromptWorkbench prompt={open} onClose={onClose} saveHeldBy={saveHeldBy} />
    </>
  );
}

import { useCallback } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import type { Prompt } from '@shared/contract/prompts';
import { PublicLayout } from '@/components/layouts/public-layout';
import { paths, sharedPath } from '@/config/paths';
import { SharedPromptPage } from '@/features/shared/components/shared-prompt-page';
import { usePromptLimitNote } from '@/lib/api/get-prompts';
import { useSession } from '@/lib/session';
import '@/styles/pages.css';

/** After signing in to fork, the visitor comes back to the page with this, and the fork runs. */
const FORK_PARAM = 'fork';

/**
 * /s/:token: a shared prompt, public. Features do not import each other, so this route composes
 * them: 'Fork into My Prompts' without a session goes to sign-in, which returns here to fork; the
 * copy then opens in My Prompts.
 */
export function Component() {
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { status, user } = useSession();
  // Fork is held at the plan's prompt limit (a visitor without a session has no count).
  const forkHeldBy = usePromptLimitNote(user?.access_tier, { enabled: Boolean(user) });

  const onSignInToFork = useCallback(() => {
    void navigate(paths.login, { state: { from: { pathname: sharedPath(token), search: `?${FORK_PARAM}=1` } } });
  }, [navigate, token]);
  const onForked = useCallback(
    (prompt: Prompt) => void navigate(paths.prompts, { state: { openPrompt: { id: prompt.id, title: prompt.title, body: prompt.body } } }),
    [navigate],
  );

  return (
    <PublicLayout>
      <SharedPromptPage
        token={token}
        signedIn={status === 'checking' ? null : Boolean(user)}
        forkOnArrival={search.get(FORK_PARAM) === '1'}
        onSignInToFork={onSignInToFork}
        onForked={onForked}
        forkHeldBy={forkHeldBy}
      />
    </PublicLayout>
  );
}

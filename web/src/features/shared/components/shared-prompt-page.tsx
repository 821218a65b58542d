import { GitFork } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { settingsText } from '@shared/chat';
import type { Prompt } from '@shared/contract/prompts';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { LimitNote } from '@/components/ui/limit-note';
import { useToast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useForkShared } from '../api/fork-shared-prompt';
import { useSharedPrompt } from '../api/get-shared-prompt';
import './shared-prompt.css';

const FORK_LABEL = 'Fork into My Prompts';

export interface SharedPromptPageProps {
  token: string;
  /** null while the session is still being checked. */
  signedIn: boolean | null;
  /** Fork at once (the visitor signed in to fork and came back here). */
  forkOnArrival: boolean;
  /** A visitor without a session asked to fork: sign in first, then come back. */
  onSignInToFork: () => void;
  /** The copy exists: My Prompts takes over. */
  onForked: (prompt: Prompt) => void;
  /** Why forking is held (the plan's prompt limit reached), shown beside the button. */
  forkHeldBy?: string | null;
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });

/**
 * A shared prompt at /s/<token> (the server sends its title and Open Graph tags in the HTML;
 * docs/architecture.md): readable without an account, with 'Fork into My Prompts'.
 */
export function SharedPromptPage({ token, signedIn, forkOnArrival, onSignInToFork, onForked, forkHeldBy = null }: SharedPromptPageProps) {
  const shared = useSharedPrompt(token);
  const fork = useForkShared();
  const { toast } = useToast();
  const [error, setError] = useState<string | null>(null);
  const arrived = useRef(false);

  const forkNow = async () => {
    if (fork.isPending || forkHeldBy) return;
    if (!signedIn) return onSignInToFork();
    setError(null);
    try {
      const copy = await fork.mutateAsync(token);
      toast({ variant: 'success', title: `"${copy.title}" is now in My Prompts.` });
      onForked(copy);
    } catch (failure) {
      setError(errorMessage(failure, 'Could not fork this prompt. Please try again.'));
    }
  };

  useEffect(() => {
    if (!forkOnArrival || !signedIn || !shared.data || arrived.current) return;
    arrived.current = true;
    void forkNow();
  });

  if (shared.isPending) {
    return (
      <p className="page-status" role="status">
        Loading...
      </p>
    );
  }

  if (shared.isError) {
    const missing = shared.error instanceof ApiError && shared.error.status === 404;
    return (
      <section className="simple-page container">
        <title>{missing ? 'Shared prompt not found · Construct' : 'Construct'}</title>
        <p className="simple-page__eyebrow">{missing ? '404' : 'Error'}</p>
        <h1>{missing ? 'Shared prompt not found' : 'Could not load this prompt'}</h1>
        <p>{missing ? shared.error.message : 'Please try again in a moment.'}</p>
        <div className="simple-page__actions">
          <Link to={paths.home} className={buttonClassName()}>
            Go to the home page
          </Link>
        </div>
      </section>
    );
  }

  const prompt = shared.data;
  const tags = [...prompt.tasks, ...prompt.industries];
  return (
    <article className="shared-prompt container" aria-labelledby="shared-prompt-title">
      <title>{`${prompt.title} · Construct`}</title>
      <p className="simple-page__eyebrow">Shared prompt</p>
      <h1 id="shared-prompt-title" className="shared-prompt__title">
        {prompt.title}
      </h1>
      <p className="shared-prompt__meta">
        {prompt.author_name ? `Shared by ${prompt.author_name} · ` : ''}Updated {dateFormat.format(new Date(prompt.updated_at))}
      </p>
      {tags.length > 0 ? (
        <ul className="shared-prompt__tags" aria-label="Tasks and industries">
          {tags.map((tag, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a task and an industry may share a name: the position tells the tags apart.
            <li key={`${index}-${tag}`}>{tag}</li>
          ))}
        </ul>
      ) : null}

      <div className="shared-prompt__actions">
        <Button
          icon={<GitFork />}
          loading={fork.isPending}
          disabled={signedIn === null || forkHeldBy !== null}
          aria-describedby={forkHeldBy ? 'shared-prompt-held' : undefined}
          onClick={() => void forkNow()}
        >
          {fork.isPending ? 'Forking...' : FORK_LABEL}
        </Button>
        {signedIn === false ? <span className="shared-prompt__hint">You will sign in first, then come back here.</span> : null}
      </div>
      {forkHeldBy ? (
        <LimitNote id="shared-prompt-held" className="shared-prompt__held">
          {forkHeldBy}
        </LimitNote>
      ) : null}
      {error ? <Alert className="shared-prompt__error">{error}</Alert> : null}

      <pre className="shared-prompt__body">{prompt.body}</pre>
      {settingsText(prompt.config) ? (
        <section className="shared-prompt__variables" aria-labelledby="shared-prompt-settings">
          <h2 id="shared-prompt-settings">Model settings</h2>
          <pre className="shared-prompt__body">{settingsText(prompt.config)}</pre>
        </section>
      ) : null}

      {prompt.variables.length > 0 ? (
        <section className="shared-prompt__variables" aria-labelledby="shared-prompt-variables">
          <h2 id="shared-prompt-variables">Variables</h2>
          <ul>
            {prompt.variables.map((variable) => (
              <li key={`${variable.type}:${variable.key}`}>
                <code>{variable.key}</code> <span>{variable.type.toLowerCase()}</span>
                {variable.default !== undefined ? <span> · default “{variable.default}”</span> : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </article>
  );
}

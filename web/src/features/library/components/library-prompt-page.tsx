import { ArrowLeft, Lock, MessagesSquare } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { settingsText } from '@shared/chat';
import { parseVariables } from '@shared/variables';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClassName } from '@/components/ui/button';
import { LimitNote } from '@/components/ui/limit-note';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useSavedLibraryIds } from '@/lib/api/get-prompts';
import { ApiError } from '@/lib/api-client';
import { useLibraryPrompt } from '../api/get-library-prompt';
import { forksLabel, runsLabel, tierName } from '../utils/format';
import { type OpenedLibraryPrompt, openedLibraryPrompt } from '../utils/opened';
import { CategoryTag } from './category-tag';
import { LibraryError } from './library-error';
import { RatingSummary } from './rating-summary';
import { SaveToMyPrompts } from './save-to-my-prompts';
import { StarRating } from './star-rating';
import { TagSection } from './tag-section';
import './library.css';
import './library-detail.css';

export interface LibraryPromptPageProps {
  id: string;
  onOpenPrompt: (prompt: OpenedLibraryPrompt) => void;
  /** Why 'Save to My Prompts' is held (the plan's prompt limit reached), shown beside it. */
  saveHeldBy?: string | null;
}

const backLink = (
  <Link to={paths.library} className="lib-detail__back">
    <ArrowLeft aria-hidden="true" size={16} />
    Back to the Prompt Library
  </Link>
);

/**
 * One library prompt's page (/library/<id>): the whole prompt, its variables, tasks and
 * industries, its rating and how often it was run and saved, the user's own rating (once they
 * ran it), 'Save to My Prompts' ('Saved ✓' once the user has a copy)
 * and 'Open' in the workbench. Above the user's plan only the teaser and the way to upgrade.
 */
export function LibraryPromptPage({ id, onOpenPrompt, saveHeldBy = null }: LibraryPromptPageProps) {
  const query = useLibraryPrompt(id);
  const saved = useSavedLibraryIds();
  const titleId = useId();
  const heldNoteId = useId();
  const prompt = query.data;

  if (query.isPending) {
    return (
      <div className="lib-detail">
        {backLink}
        <p role="status">
          <Spinner size="sm" /> Loading the prompt...
        </p>
      </div>
    );
  }
  if (!prompt) {
    const missing = query.error instanceof ApiError && query.error.status === 404;
    return (
      <div className="lib-detail">
        <title>Prompt not found · Construct</title>
        {backLink}
        {missing ? (
          <section className="lib-state">
            <h1 className="lib-state__title">Prompt Not Found</h1>
            <p className="lib-state__text">This prompt is not in the library (it may have been removed). Browse the library for others.</p>
            <Link to={paths.library} className={buttonClassName({ variant: 'secondary' })}>
              Browse the Prompt Library
            </Link>
          </section>
        ) : (
          <LibraryError onRetry={() => void query.refetch()} retrying={query.isFetching} />
        )}
      </div>
    );
  }

  const variables = prompt.locked ? [] : parseVariables(prompt.body);
  const settings = prompt.locked ? '' : settingsText(prompt.config);
  return (
    <article className="lib-detail" aria-labelledby={titleId}>
      <title>{`${prompt.title} · Prompt Library · Construct`}</title>
      {backLink}
      <header className="lib-detail__section">
        <h1 id={titleId} className="content-layout__title">
          {prompt.title}
        </h1>
        <ul className="lib-detail__meta" aria-label="About this prompt">
          {prompt.access_tier !== 'free' ? (
            <li>
              <Badge variant={prompt.access_tier} />
            </li>
          ) : null}
          {prompt.kind === 'chat' ? (
            <li>
              <Badge variant="accent">
                <MessagesSquare aria-hidden="true" />
                Chat
              </Badge>
            </li>
          ) : null}
          {prompt.category_name ? <CategoryTag as="li" name={prompt.category_name} /> : null}
          <RatingSummary as="li" rating={prompt.rating} />
          {prompt.runs ? <li className="lib-detail__forks">{runsLabel(prompt.runs)}</li> : null}
          {prompt.forks ? <li className="lib-detail__forks">{forksLabel(prompt.forks)}</li> : null}
        </ul>
      </header>

      {prompt.locked ? (
        <section className="lib-detail__lock">
          <p className="lib-detail__body">{prompt.body}</p>
          <p className="lib-detail__lock-note">
            <Lock aria-hidden="true" size={14} />
            {`${tierName(prompt.access_tier)} plan required to see and save the full prompt.`}
          </p>
          <Link to={paths.pricing} className={buttonClassName({ variant: 'primary' })}>
            Upgrade to unlock
          </Link>
        </section>
      ) : (
        <>
          <div className="lib-detail__actions">
            <SaveToMyPrompts prompt={prompt} describedBy={titleId} saved={saved?.has(prompt.id) ?? false} heldNoteId={saveHeldBy ? heldNoteId : undefined} />
            <Button variant="secondary" size="sm" aria-describedby={titleId} onClick={() => onOpenPrompt(openedLibraryPrompt(prompt))}>
              Open
            </Button>
          </div>
          {saveHeldBy ? <LimitNote id={heldNoteId}>{saveHeldBy}</LimitNote> : null}
          <StarRating promptId={prompt.id} />
          <section className="lib-detail__section" aria-label="Prompt">
            <pre className="lib-detail__body">{prompt.body}</pre>
          </section>
          {settings ? (
            <section className="lib-detail__section">
              <h2>Model settings</h2>
              <pre className="lib-detail__body">{settings}</pre>
            </section>
          ) : null}
        </>
      )}

      {variables.length ? (
        <section className="lib-detail__section">
          <h2>Variables</h2>
          <ul className="lib-detail__vars">
            {variables.map((v) => (
              <li key={`${v.type}:${v.key}`}>
                <code>{v.marker}</code>
                {v.choices ? ` (one of ${v.choices.join(', ')})` : v.default ? ` (default ${v.default})` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <TagSection heading="Tasks" tags={prompt.tasks} kind="task" />
      <TagSection heading="Industries" tags={prompt.industries} kind="industry" />
    </article>
  );
}

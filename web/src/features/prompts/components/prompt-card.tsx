import { BarChart3, BookUp, Code, Eye, FlaskConical, Folder, MessagesSquare, Pencil, RefreshCw, Share2, Sparkles, Star, Trash2 } from 'lucide-react';
import { memo, useId } from 'react';
import { Link } from 'react-router-dom';
import type { Prompt } from '@shared/contract/prompts';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { IconButton } from '@/components/ui/icon-button';
import { PlainIconButton } from '@/components/ui/plain-icon-button';
import { Spinner } from '@/components/ui/spinner';
import { evaluatePath, statsPath } from '@/config/paths';
import type { IndexedPrompt } from '../utils/filter-prompts';
import { TEXT } from '../utils/messages';
import '@/components/ui/badge.css';
import '@/components/ui/marker-chip.css';
import './prompt-card.css';

/** Only the start of a long body is rendered: the card shows a few lines of it anyway. */
const BODY_PREVIEW_CHARS = 480;
const TAGS_SHOWN = 3;

export interface PromptCardProps {
  item: IndexedPrompt;
  enhancing: boolean;
  deleting: boolean;
  onToggleFavorite: (prompt: Prompt) => void;
  onEnhance: (prompt: Prompt) => void;
  onEdit: (prompt: Prompt) => void;
  onDelete: (prompt: Prompt) => void;
  onOpen: (prompt: Prompt) => void;
  /** 'Publish to Library': given for admins only; without it the action is not rendered. */
  onPublish?: (prompt: Prompt) => void;
  /** 'Share': a public link to the prompt (ShareDialog); without it the action is not rendered. */
  onShare?: (prompt: Prompt) => void;
  /** 'Updated in library' on a fork whose original changed: opens the diff with pull / dismiss. */
  onLibraryUpdate?: (prompt: Prompt) => void;
  /** 'Use from code': curl and SDK calls for this prompt's slug and labels. */
  onUseFromCode?: (prompt: Prompt) => void;
  /** The workspace is read-only here (a team's viewer): no control that changes the prompt; Edit becomes View. */
  readOnly?: boolean;
}

/** One prompt in the results: title, <V> indicator, favourite toggle, body, actions and Open. */
export const PromptCard = memo(function PromptCard({
  item,
  enhancing,
  deleting,
  onToggleFavorite,
  onEnhance,
  onEdit,
  onDelete,
  onOpen,
  onPublish,
  onShare,
  onLibraryUpdate,
  onUseFromCode,
  readOnly = false,
}: PromptCardProps) {
  const { prompt, hasVariables } = item;
  const titleId = useId();
  const tags = [...prompt.tasks, ...prompt.industries];
  const busy = enhancing || deleting;

  return (
    <Card
      as="article"
      className="prompt-card"
      data-prompt-id={prompt.id}
      tabIndex={-1}
      aria-labelledby={titleId}
      aria-busy={busy || undefined}
      data-busy={busy || undefined}
    >
      <header className="prompt-card__header">
        <h3 id={titleId} className="prompt-card__title">
          {prompt.title}
        </h3>
        <div className="prompt-card__marks">
          {prompt.kind === 'chat' ? (
            <Badge variant="accent">
              <MessagesSquare aria-hidden="true" />
              Chat
            </Badge>
          ) : null}
          {hasVariables ? (
            <span className="marker-chip prompt-card__vars" role="img" aria-label="Has variables" title="Has variables">
              {'<V>'}
            </span>
          ) : null}
          {readOnly ? (
            prompt.is_favorite ? (
              <span className="prompt-card__favorite" role="img" aria-label="Favorite" title="Favorite">
                <Star aria-hidden="true" />
              </span>
            ) : null
          ) : (
            <PlainIconButton
              className="prompt-card__favorite"
              aria-pressed={prompt.is_favorite}
              aria-label="Favorite"
              title={prompt.is_favorite ? 'Remove from favorites' : 'Add to favorites'}
              onClick={() => onToggleFavorite(prompt)}
            >
              <Star aria-hidden="true" />
            </PlainIconButton>
          )}
        </div>
      </header>

      {prompt.category_name ? (
        <p className="badge badge--accent badge--truncate prompt-card__category">
          <Folder aria-hidden="true" />
          <span className="visually-hidden">Category: </span>
          {prompt.category_name}
        </p>
      ) : null}

      {/* How code names it: the registry, the SDK and MCP take the slug, and a label picks a version. */}
      <p className="prompt-card__code">
        <span className="visually-hidden">Slug: </span>
        <code className="prompt-card__slug">{prompt.slug}</code>
        {Object.entries(prompt.labels).map(([label, version]) => (
          <span key={label} className="prompt-card__label" title={`Label ${label}: version ${version}`}>
            {label} v{version}
          </span>
        ))}
      </p>

      {prompt.library_update && onLibraryUpdate && !readOnly ? (
        <button
          type="button"
          className="prompt-card__library-update"
          title="The library prompt this was copied from has changed"
          onClick={() => onLibraryUpdate(prompt)}
        >
          <RefreshCw aria-hidden="true" />
          Updated in library
        </button>
      ) : null}

      <p className="prompt-card__body">{prompt.body.length > BODY_PREVIEW_CHARS ? `${prompt.body.slice(0, BODY_PREVIEW_CHARS)}…` : prompt.body}</p>

      {tags.length > 0 ? (
        <ul className="prompt-card__tags" aria-label="Tasks and industries">
          {tags.slice(0, TAGS_SHOWN).map((tag, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a task and an industry may share a name: the position tells the tags apart.
            <li key={`${index}-${tag}`} className="prompt-card__tag">
              {tag}
            </li>
          ))}
          {tags.length > TAGS_SHOWN ? <li className="prompt-card__tag prompt-card__tag--more">+{tags.length - TAGS_SHOWN}</li> : null}
        </ul>
      ) : null}

      {enhancing ? (
        <p className="prompt-card__status" role="status">
          <Spinner size="sm" />
          Enhancing with AI...
        </p>
      ) : null}

      <footer className="prompt-card__footer">
        <div className="prompt-card__actions">
          {readOnly ? (
            <IconButton label="View" icon={<Eye />} onClick={() => onEdit(prompt)} />
          ) : (
            <>
              {/* Enhance rewrites one body: a chat prompt's messages are edited in the editor. */}
              {prompt.kind === 'chat' ? null : (
                <IconButton
                  label="Enhance with AI"
                  variant="accent"
                  icon={<Sparkles />}
                  loading={enhancing}
                  disabled={deleting}
                  onClick={() => onEnhance(prompt)}
                />
              )}
              <IconButton label="Edit" icon={<Pencil />} disabled={busy} onClick={() => onEdit(prompt)} />
              <IconButton label="Delete" variant="danger" icon={<Trash2 />} loading={deleting} disabled={enhancing} onClick={() => onDelete(prompt)} />
            </>
          )}
          {onShare && !readOnly ? <IconButton label={TEXT.share} icon={<Share2 />} disabled={busy} onClick={() => onShare(prompt)} /> : null}
          {onUseFromCode ? <IconButton label="Use from code" icon={<Code />} onClick={() => onUseFromCode(prompt)} /> : null}
          {onPublish ? <IconButton label={TEXT.publishToLibrary} icon={<BookUp />} disabled={busy} onClick={() => onPublish(prompt)} /> : null}
        </div>
        <Link
          to={evaluatePath(prompt.id)}
          className={buttonClassName({ variant: 'ghost', size: 'sm', className: 'prompt-card__evaluate' })}
          aria-label={`Evaluate ${prompt.title}`}
        >
          <FlaskConical aria-hidden="true" />
          Evaluate
        </Link>
        <Link to={statsPath(prompt.id)} className={buttonClassName({ variant: 'ghost', size: 'sm' })} aria-label={`Stats of ${prompt.title}`}>
          <BarChart3 aria-hidden="true" />
          Stats
        </Link>
        <Button size="sm" variant="secondary" className="prompt-card__open" onClick={() => onOpen(prompt)}>
          Open
        </Button>
      </footer>
    </Card>
  );
});

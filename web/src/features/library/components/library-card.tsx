import { Building2, Hash, Lock, MessagesSquare } from 'lucide-react';
import { memo, useId } from 'react';
import { Link } from 'react-router-dom';
import type { LibraryPrompt } from '@shared/contract/library';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cx } from '@/components/ui/cx';
import { libraryPromptPath, paths } from '@/config/paths';
import type { LibraryLayout } from '../hooks/use-library-params';
import { CARD_TAGS_MAX, preview, readable, tierName } from '../utils/format';
import { CategoryTag } from './category-tag';
import { RatingSummary } from './rating-summary';
import { SaveToMyPrompts } from './save-to-my-prompts';
import './library-card.css';
import './lib-tag.css';
import '@/components/ui/marker-chip.css';

/** Only the start of a long body is rendered; the card clamps it to a few lines anyway. */
const BODY_PREVIEW_CHARS = 320;

export interface LibraryCardProps {
  prompt: LibraryPrompt;
  layout: LibraryLayout;
  onOpen: (prompt: LibraryPrompt) => void;
  /** The user already has a copy in My Prompts (the button reads 'Saved ✓' and asks before another). */
  saved?: boolean;
  /** The id of the page's limit note when the plan's prompt limit holds 'Save to My Prompts'. */
  saveHeldNoteId?: string;
}

/**
 * One library prompt: title (a link to its page), its rating, <V> when it has variables, Pro/Elite badge,
 * category, up to 2 task and 2 industry tags (then '+N', its name listing the rest, leading to the
 * page that shows them all), 'Save to My Prompts' and 'Open'. A locked prompt shows its teaser
 * and leads to /pricing instead.
 */
export const LibraryCard = memo(function LibraryCard({ prompt, layout, onOpen, saved = false, saveHeldNoteId }: LibraryCardProps) {
  const titleId = useId();
  const lockId = useId();
  const tasks = prompt.tasks.slice(0, CARD_TAGS_MAX);
  const industries = prompt.industries.slice(0, CARD_TAGS_MAX);
  const hidden = [...prompt.tasks.slice(CARD_TAGS_MAX), ...prompt.industries.slice(CARD_TAGS_MAX)];
  const body = prompt.locked ? preview(prompt.body, { locked: true }) : readable(prompt.body).slice(0, BODY_PREVIEW_CHARS);

  return (
    <Card
      as="article"
      className={cx('lib-card', `lib-card--${layout}`, prompt.locked && 'lib-card--locked', `lib-card--${prompt.access_tier}`)}
      aria-labelledby={titleId}
    >
      <div className="lib-card__main">
        <div className="lib-card__top">
          {prompt.category_name ? <CategoryTag as="p" name={prompt.category_name} /> : <span />}
          <div className="lib-card__marks">
            {prompt.kind === 'chat' ? (
              <Badge variant="accent">
                <MessagesSquare aria-hidden="true" />
                Chat
              </Badge>
            ) : null}
            {prompt.has_variables ? (
              <span className="marker-chip lib-card__vars" role="img" aria-label="Has variables" title="Has variables">
                {'<V>'}
              </span>
            ) : null}
            {prompt.access_tier !== 'free' ? <Badge variant={prompt.access_tier} /> : null}
          </div>
        </div>

        <h3 id={titleId} className="lib-card__title">
          <Link to={libraryPromptPath(prompt.id)} className="lib-card__title-link">
            {prompt.title}
          </Link>
        </h3>

        <RatingSummary rating={prompt.rating} />

        <p className={cx('lib-card__body', prompt.locked && 'lib-card__body--teaser')}>{body}</p>

        {prompt.locked ? (
          <p id={lockId} className="lib-card__lock">
            <Lock aria-hidden="true" />
            {`${tierName(prompt.access_tier)} plan required to see and save the full prompt.`}
          </p>
        ) : null}

        {tasks.length || industries.length ? (
          <ul className="lib-card__tags" aria-label="Tasks and industries">
            {tasks.map((task) => (
              <li key={`t:${task}`} className="badge badge--truncate lib-tag">
                <Hash aria-hidden="true" />
                <span className="visually-hidden">Task: </span>
                {task}
              </li>
            ))}
            {industries.map((industry) => (
              <li key={`i:${industry}`} className="badge badge--info badge--truncate lib-tag">
                <Building2 aria-hidden="true" />
                <span className="visually-hidden">Industry: </span>
                {industry}
              </li>
            ))}
            {hidden.length ? (
              <li className="badge badge--truncate lib-tag lib-tag--more">
                <Link to={libraryPromptPath(prompt.id)} aria-label={`${hidden.length} more: ${hidden.join(', ')}`} title={hidden.join(', ')}>
                  +{hidden.length}
                </Link>
              </li>
            ) : null}
          </ul>
        ) : null}
      </div>

      <footer className="lib-card__actions">
        {prompt.locked ? (
          <Link
            to={paths.pricing}
            className={buttonClassName({ variant: 'secondary', size: 'sm', className: 'lib-card__upgrade' })}
            aria-describedby={`${titleId} ${lockId}`}
          >
            <Lock aria-hidden="true" />
            Upgrade to unlock
          </Link>
        ) : (
          <>
            <SaveToMyPrompts prompt={prompt} describedBy={titleId} saved={saved} heldNoteId={saveHeldNoteId} />
            <Button size="sm" variant="secondary" className="lib-card__open" aria-describedby={titleId} onClick={() => onOpen(prompt)}>
              Open
            </Button>
          </>
        )}
      </footer>
    </Card>
  );
});

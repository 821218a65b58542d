import { Lock } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { LibraryPrompt } from '@shared/contract/library';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';
import { preview } from '../utils/format';
import './featured.css';

export interface FeaturedCarouselProps {
  prompts: LibraryPrompt[];
  onOpen: (prompt: LibraryPrompt) => void;
}

export function FeaturedList({ prompts, onOpen, duplicate = false }: FeaturedCarouselProps & { duplicate?: boolean }) {
  const baseId = useId();
  // Ids only in the first copy, so the page has no duplicate ids.
  const lockId = (prompt: LibraryPrompt) => (duplicate ? undefined : `${baseId}-${prompt.id}-lock`);
  return (
    <ul className="featured__list" aria-hidden={duplicate || undefined} inert={duplicate || undefined} data-duplicate={duplicate || undefined}>
      {prompts.map((prompt) => (
        <li key={prompt.id} className="featured__item">
          <article className="featured-card">
            <div className="featured-card__top">
              <Badge variant="elite" />
              {prompt.locked ? (
                <span id={lockId(prompt)} className="featured-card__lock">
                  <Lock aria-hidden="true" />
                  Upgrade to unlock
                </span>
              ) : null}
            </div>
            <h3 className="featured-card__title">
              {prompt.locked ? (
                <Link to={paths.pricing} className="featured-card__link" aria-describedby={lockId(prompt)}>
                  {prompt.title}
                </Link>
              ) : (
                <button type="button" className="featured-card__link" onClick={() => onOpen(prompt)}>
                  {prompt.title}
                </button>
              )}
            </h3>
            <p className="featured-card__preview">{preview(prompt.body, { locked: prompt.locked })}</p>
          </article>
        </li>
      ))}
    </ul>
  );
}

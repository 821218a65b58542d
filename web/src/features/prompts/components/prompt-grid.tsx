import { ChevronDown } from 'lucide-react';
import { startTransition, useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { IndexedPrompt } from '../utils/filter-prompts';
import { PromptCard, type PromptCardProps } from './prompt-card';
import './prompt-card.css';

/** Cards rendered at first and added per step: a filter change never mounts hundreds of cards at once. */
export const GRID_STEP = 60;

/** What each card does; the grid hands these to every card. */
type CardHandlers = Omit<PromptCardProps, 'item' | 'enhancing' | 'deleting'>;

export interface PromptGridProps extends CardHandlers {
  items: IndexedPrompt[];
  /** Changes when the filters change; the grid then starts again from the first step. */
  filterKey: string;
  enhancingIds: readonly (string | undefined)[];
  deletingIds: readonly (string | undefined)[];
}

/** The result cards; more are added as the end of the list scrolls near (or on 'Show more'). */
export function PromptGrid({ items, filterKey, enhancingIds, deletingIds, ...handlers }: PromptGridProps) {
  const [shown, setShown] = useState({ key: filterKey, count: GRID_STEP });
  if (shown.key !== filterKey) setShown({ key: filterKey, count: GRID_STEP });
  const count = shown.key === filterKey ? shown.count : GRID_STEP;
  const remaining = items.length - count;
  const moreRef = useRef<HTMLButtonElement>(null);

  const showMore = () => startTransition(() => setShown((s) => ({ ...s, count: s.count + GRID_STEP })));

  // biome-ignore lint/correctness/useExhaustiveDependencies: the observer is set up again when the button may have moved (count) or come or gone (remaining); showMore only calls a state setter.
  useEffect(() => {
    const button = moreRef.current;
    if (!button || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && showMore(), { rootMargin: '800px 0px' });
    observer.observe(button);
    return () => observer.disconnect();
  }, [count, remaining > 0]);

  return (
    <>
      <ul className="prompt-grid">
        {items.slice(0, count).map((item) => (
          <li key={item.prompt.id} className="prompt-grid__item">
            <PromptCard
              item={item}
              enhancing={enhancingIds.includes(item.prompt.id)}
              deleting={deletingIds.includes(item.prompt.id)}
              onToggleFavorite={handlers.onToggleFavorite}
              onEnhance={handlers.onEnhance}
              onEdit={handlers.onEdit}
              onDelete={handlers.onDelete}
              onOpen={handlers.onOpen}
              onPublish={handlers.onPublish}
              onShare={handlers.onShare}
              onLibraryUpdate={handlers.onLibraryUpdate}
              onUseFromCode={handlers.onUseFromCode}
              readOnly={handlers.readOnly}
            />
          </li>
        ))}
      </ul>
      {remaining > 0 ? (
        <Button ref={moreRef} variant="secondary" className="prompt-grid__more" icon={<ChevronDown aria-hidden="true" />} onClick={showMore}>
          Show more prompts ({remaining} remaining)
        </Button>
      ) : null}
    </>
  );
}

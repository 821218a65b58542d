import { Pause, Play, Sparkles } from 'lucide-react';
import { type CSSProperties, useId, useState } from 'react';
import { IconButton } from '@/components/ui/icon-button';
import { type FeaturedCarouselProps, FeaturedList } from './featured-list';
import './featured.css';

/** Seconds each card takes to scroll by. */
const SECONDS_PER_CARD = 7;

/**
 * 'Featured Elite Prompts': up to 5 elite prompts scrolling in a seamless loop (the list is
 * rendered twice and the track moves by exactly one copy). It pauses on hover, on keyboard focus
 * and with its pause button; with reduced motion it stands still and scrolls by hand. The second
 * copy is hidden from assistive technology and inert.
 */
export function FeaturedCarousel({ prompts, onOpen }: FeaturedCarouselProps) {
  const headingId = useId();
  const [paused, setPaused] = useState(false);
  if (!prompts.length) return null;
  const style = { '--featured-duration': `${prompts.length * SECONDS_PER_CARD}s` } as CSSProperties;

  return (
    <section className="featured" aria-labelledby={headingId}>
      <div className="featured__header">
        <h2 id={headingId} className="featured__title">
          <Sparkles aria-hidden="true" />
          Featured Elite Prompts
        </h2>
        <IconButton
          className="featured__pause"
          size="sm"
          label={paused ? 'Play featured prompts' : 'Pause featured prompts'}
          icon={paused ? <Play /> : <Pause />}
          onClick={() => setPaused((p) => !p)}
        />
      </div>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the carousel pauses while the pointer or the focus is in it (its Pause button is the control). */}
      <div
        className="featured__viewport"
        data-paused={paused || undefined}
        onBlur={(event) => {
          // Focusing a card scrolls it into view; once focus leaves, hand the position back to the animation.
          const viewport = event.currentTarget;
          if (!viewport.contains(event.relatedTarget as Node | null) && !window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
            viewport.scrollLeft = 0;
          }
        }}
      >
        <div className="featured__track" style={style}>
          <FeaturedList prompts={prompts} onOpen={onOpen} />
          <FeaturedList prompts={prompts} onOpen={onOpen} duplicate />
        </div>
      </div>
    </section>
  );
}

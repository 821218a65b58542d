import { Check, Sparkles } from 'lucide-react';
import { InlineCode } from '@/components/ui/inline-code';
import './hero-preview.css';

const HABITS = [
  { name: 'Morning run', done: [true, true, true, true, false] },
  { name: 'Read 20 pages', done: [true, false, true, true, true] },
  { name: 'Meditate', done: [false, true, true, false, false] },
];

/**
 * A decorative picture of the product: a prompt with a variable turning into a small app. Plain
 * HTML and CSS (no images), hidden from assistive technology because the hero text says it all.
 */
export function HeroPreview() {
  return (
    <div className="hero-preview landing-enter landing-enter--late" aria-hidden="true">
      <div className="hero-preview__window">
        <div className="hero-preview__bar">
          <span className="hero-preview__dots">
            <span />
            <span />
            <span />
          </span>
          <span className="hero-preview__title">New app · Smart Template</span>
        </div>

        <div className="hero-preview__prompt">
          <p className="hero-preview__label">Your idea</p>
          <p className="hero-preview__text">
            Build a <InlineCode>[INPUT: habit]</InlineCode> tracker with daily streaks, gentle reminders and a dark mode.
            <span className="hero-preview__caret" />
          </p>
          <div className="hero-preview__row">
            <span className="hero-preview__chip">React</span>
            <span className="hero-preview__chip">TypeScript</span>
            <span className="hero-preview__chip">Vite</span>
            <span className="hero-preview__generate">
              <Sparkles />
              Generate
            </span>
          </div>
          <div className="hero-preview__progress">
            <span />
          </div>
        </div>

        <div className="hero-preview__app">
          <div className="hero-preview__app-head">
            <span className="hero-preview__app-title">Habit tracker</span>
            <span className="hero-preview__streak">12-day streak</span>
          </div>
          <ul className="hero-preview__habits">
            {HABITS.map((habit) => (
              <li key={habit.name}>
                <span className="hero-preview__habit">{habit.name}</span>
                <span className="hero-preview__days">
                  {habit.done.map((done, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed week of days: the position is the day.
                    <span key={i} className={done ? 'is-done' : undefined} />
                  ))}
                </span>
              </li>
            ))}
          </ul>
        </div>
      </div>

      <div className="hero-preview__toast">
        <span className="hero-preview__toast-icon">
          <Check />
        </span>
        <span>
          <strong>App ready</strong>
          <span className="hero-preview__toast-sub">14 components · 38 s</span>
        </span>
      </div>
    </div>
  );
}

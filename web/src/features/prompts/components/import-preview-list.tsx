import { type ReactNode, useId } from 'react';

/** A titled, scrollable list (keyboard-scrollable: it takes focus when it overflows). */
export function ImportPreviewList({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <div className="import-preview__group">
      <h4 id={id} className="import-preview__label">
        {label}
      </h4>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a long list scrolls on its own: it takes the focus so the keyboard can scroll it. */}
      <ul className="import-preview__list" aria-labelledby={id} tabIndex={0}>
        {children}
      </ul>
    </div>
  );
}

import { lazy, Suspense } from 'react';

const AnswerMarkdown = lazy(() => import('./answer-markdown'));

/** Markdown once its renderer has loaded; until then the plain text, line breaks kept. */
export function RenderedAnswer({ text }: { text: string }) {
  return (
    <Suspense fallback={<div className="wb-answer__plain">{text}</div>}>
      <AnswerMarkdown text={text} />
    </Suspense>
  );
}

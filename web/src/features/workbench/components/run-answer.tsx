import { Check, Copy, History, Maximize2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { copyToClipboard } from '@/lib/clipboard';
import type { RunState } from '../api/run-prompt';
import { AnswerFeedback } from './answer-feedback';
import { KeepExample } from './keep-example';
import { PlansLink } from './plans-link';
import { RenderedAnswer } from './rendered-answer';
import { RunDetails } from './run-details';
import './run-answer.css';

/** How many finished answers each prompt keeps (in this browser) to look back at. */
export const KEPT_ANSWERS = 3;

/** An answer longer than this is kept cut to it: the browser's storage is small. */
const KEPT_ANSWER_CHARS = 20_000;

interface KeptAnswer {
  at: string;
  answer: string;
}

const keptKey = (promptKey: string) => `construct:answers:${promptKey}`;

function readKept(promptKey: string): KeptAnswer[] {
  try {
    const list = JSON.parse(window.localStorage.getItem(keptKey(promptKey)) ?? '[]') as unknown;
    return Array.isArray(list) ? (list as KeptAnswer[]).filter((a) => typeof a?.answer === 'string').slice(0, KEPT_ANSWERS) : [];
  } catch {
    return [];
  }
}

function keep(promptKey: string, answer: string): KeptAnswer[] {
  const list = [{ at: new Date().toISOString(), answer: answer.slice(0, KEPT_ANSWER_CHARS) }, ...readKept(promptKey)].slice(0, KEPT_ANSWERS);
  try {
    window.localStorage.setItem(keptKey(promptKey), JSON.stringify(list));
  } catch {
    // Storage full or blocked: the answer is still on screen.
  }
  return list;
}

/**
 * The answer of a run, under the preview: it fills in as the model writes, rendered as Markdown
 * (no raw HTML). Screen readers hear it once it is complete (aria-busy while streaming, then the
 * polite live region speaks). A run that fails shows why (e.g. the day's runs are used up); a
 * stopped one keeps what came so far. Copy answer, a full view, and the last few answers to this
 * prompt (kept in this browser).
 */
export function RunAnswer({
  run,
  promptKey,
  keepExample,
  feedback,
}: {
  run: RunState;
  promptKey: string;
  /** A saved prompt of the workspace: 'Keep as example' stores these inputs with the answer. */
  keepExample?: { promptId: string; inputs: Record<string, string> };
  /** A saved version of the workspace's prompt: thumbs on the answer count for it. */
  feedback?: { promptId: string; version: number };
}) {
  const [kept, setKept] = useState<KeptAnswer[]>(() => readKept(promptKey));
  const [expanded, setExpanded] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (run.status === 'done' && run.answer) setKept(keep(promptKey, run.answer));
  }, [run.status, run.answer, promptKey]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer (run.answer) is the trigger: 'Copied!' was about the previous one.
  useEffect(() => setCopied(false), [run.answer]);

  // Earlier answers: the one on screen is not listed twice.
  const earlier = run.status === 'done' ? kept.slice(1) : kept;
  const running = run.status === 'running';
  const showAnswer = run.status !== 'idle' && (run.status !== 'failed' || run.answer.length > 0);
  if (run.status === 'idle' && earlier.length === 0) return null;

  return (
    <div className="wb-run">
      {run.status === 'failed' && run.error ? <Alert action={<PlansLink message={run.error} />}>{run.error}</Alert> : null}
      {showAnswer ? (
        <>
          <div className="wb-run__head">
            <h4 id="wb-answer-title" className="wb-run__title">
              Answer
            </h4>
            {!running && run.answer ? (
              <span className="wb-run__tools">
                <Button
                  variant="ghost"
                  size="sm"
                  icon={copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                  onClick={() => void copyToClipboard(run.answer, document.activeElement?.parentElement ?? null).then(setCopied)}
                >
                  {copied ? 'Answer copied' : 'Copy answer'}
                </Button>
                <Button variant="ghost" size="sm" icon={<Maximize2 aria-hidden="true" />} onClick={() => setExpanded(run.answer)}>
                  Full view
                </Button>
              </span>
            ) : null}
          </div>
          {run.answer || run.toolCalls.length === 0 ? (
            // biome-ignore lint/a11y/useSemanticElements: a live region that scrolls; <section> would not be named by its heading the same way in the tests and the accessibility tree.
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the answer scrolls on its own: it takes the focus so the keyboard can scroll it.
            <div className="wb-answer" role="region" aria-labelledby="wb-answer-title" aria-live="polite" aria-busy={running} tabIndex={0}>
              <RenderedAnswer text={run.answer} />
            </div>
          ) : null}
          <RunDetails run={run} />
          {keepExample && run.status === 'done' && run.answer ? (
            <KeepExample key={run.answer} promptId={keepExample.promptId} inputs={keepExample.inputs} answer={run.answer} />
          ) : null}
          {feedback && run.status === 'done' && run.answer ? <AnswerFeedback key={run.answer} promptId={feedback.promptId} version={feedback.version} /> : null}
        </>
      ) : null}
      <p className="wb-panel__meta">
        {running ? <span>Running…</span> : null}
        {run.status === 'stopped' ? <span className="wb-run__stopped">Stopped.</span> : null}
        {!running && run.remaining !== null ? <span>{remainingText(run.remaining)}</span> : null}
        {!running && typeof run.remaining === 'number' ? <span>{resetText()}</span> : null}
      </p>
      {earlier.length > 0 ? (
        <details className="wb-run__earlier">
          <summary>
            <History aria-hidden="true" />
            {`Earlier answers (${earlier.length})`}
          </summary>
          <ul>
            {earlier.map((item) => (
              <li key={item.at}>
                <Button variant="ghost" size="sm" onClick={() => setExpanded(item.answer)}>
                  {`${new Date(item.at).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' })}: ${item.answer.slice(0, 60).replace(/\s+/g, ' ')}…`}
                </Button>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {expanded !== null ? (
        <ModalDialog title="Answer" size="xl" onClose={() => setExpanded(null)}>
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the answer scrolls on its own: it takes the focus so the keyboard can scroll it. */}
          <div className="wb-answer wb-answer--full" tabIndex={0}>
            <RenderedAnswer text={expanded} />
          </div>
        </ModalDialog>
      ) : null}
    </div>
  );
}

function remainingText(remaining: Exclude<RunState['remaining'], null>): string {
  if (remaining === 'unlimited') return 'Unlimited runs on your plan.';
  return `${remaining} ${remaining === 1 ? 'run' : 'runs'} left today.`;
}

/** The day's runs are counted per UTC day: they come back at midnight UTC, shown in local time. */
export function resetText(now = new Date()): string {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return `Resets at ${next.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })} (midnight UTC).`;
}

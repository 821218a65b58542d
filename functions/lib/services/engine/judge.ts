import type { CompiledMessage, ModelConfig } from '@shared/contract/chat';

/**
 * Judging an answer against a rubric (evaluations' `judge` check, issue 29), as one more model
 * call: runModel with these messages and this response schema. A model judges by the rubric; the
 * local engine recognises the schema's name and judges by the rubric's words (localVerdict), so
 * the same answer and rubric always get the same verdict and reason.
 */
export const VERDICT_FORMAT_NAME = 'construct_verdict';

export interface Verdict {
  pass: boolean;
  reason: string;
}

const RUBRIC_HEADING = 'Rubric:';
const ANSWER_HEADING = 'Answer to judge:';

/** The judge's messages and settings: a verdict as JSON, `{pass, reason}`, temperature 0. */
export function verdictRequest(rubric: string, answer: string): { messages: CompiledMessage[]; config: ModelConfig } {
  return {
    messages: [
      {
        role: 'system',
        content:
          'You judge whether an answer meets a rubric. Read the rubric and the answer, then reply with JSON only: ' +
          '{"pass": true or false, "reason": "one sentence naming what the answer does or misses"}.',
      },
      { role: 'user', content: `${RUBRIC_HEADING}\n${rubric}\n\n${ANSWER_HEADING}\n${answer}` },
    ],
    config: {
      temperature: 0,
      response_format: {
        type: 'json_schema',
        name: VERDICT_FORMAT_NAME,
        strict: true,
        schema: {
          type: 'object',
          properties: { pass: { type: 'boolean' }, reason: { type: 'string' } },
          required: ['pass', 'reason'],
          additionalProperties: false,
        },
      },
    },
  };
}

/** The rubric and the answer back out of a verdict request's user message (the local engine's side). */
export function parseVerdictRequest(messages: readonly CompiledMessage[]): { rubric: string; answer: string } | null {
  const user = messages.findLast((m) => m.role === 'user')?.content ?? '';
  const at = user.indexOf(`\n\n${ANSWER_HEADING}\n`);
  if (!user.startsWith(`${RUBRIC_HEADING}\n`) || at < 0) return null;
  return { rubric: user.slice(RUBRIC_HEADING.length + 1, at), answer: user.slice(at + ANSWER_HEADING.length + 3) };
}

/** A model's verdict text as a Verdict, or null when it is not one. */
export function readVerdict(text: string): Verdict | null {
  try {
    const value = JSON.parse(text) as Partial<Verdict>;
    return typeof value.pass === 'boolean' && typeof value.reason === 'string' ? { pass: value.pass, reason: value.reason } : null;
  } catch {
    return null;
  }
}

const STOP_WORDS = new Set(
  'about above after again against answer because before being below between both could does doing during each from further having here into itself just more most must other over same should some such than that their them then there these they this those through under until very what when where which while with would your yours response should'.split(
    ' ',
  ),
);
const NEGATIONS = /\b(?:not|never|no|without|avoid|avoids|don't|doesn't|must not|mustn't)\s+(?:\w+\s+){0,2}$/i;

/** "…", “…”, `…`, or '…' standing apart (so the apostrophe of "don't" opens nothing). */
const QUOTED = /["“`]([^"”`]{2,120})["”`]|(?<![\p{L}\p{N}])'([^']{2,120})'(?![\p{L}\p{N}])/gu;
const norm = (s: string) => s.toLocaleLowerCase().replace(/\s+/g, ' ').trim();
const quoteList = (items: string[]) => items.map((i) => `"${i}"`).join(', ');

/**
 * The local engine's verdict: phrases the rubric quotes must appear in the answer (or must not,
 * after "not", "never", "without", "avoid"…); a rubric without quotes passes when the answer uses
 * at least half of its words of five letters or more (their first five letters, so "refunds"
 * meets "refund"). Always the same verdict and reason for the same rubric and answer.
 */
export function localVerdict(rubric: string, answer: string): Verdict {
  const text = norm(answer);
  if (!text) return { pass: false, reason: 'The answer is empty.' };
  const quoted = [...rubric.matchAll(QUOTED)].map((m) => ({ phrase: (m[1] ?? m[2])!.trim(), negated: NEGATIONS.test(rubric.slice(0, m.index)) }));
  if (quoted.length) {
    const missing = quoted.filter((q) => !q.negated && !text.includes(norm(q.phrase))).map((q) => q.phrase);
    const present = quoted.filter((q) => q.negated && text.includes(norm(q.phrase))).map((q) => q.phrase);
    if (!missing.length && !present.length) return { pass: true, reason: `The answer meets the rubric's phrases: ${quoteList(quoted.map((q) => q.phrase))}.` };
    const why = [
      missing.length ? `does not contain ${quoteList(missing)}` : '',
      present.length ? `contains ${quoteList(present)}, which the rubric rules out` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    return { pass: false, reason: `The answer ${why}.` };
  }
  const words = [...new Set((rubric.toLocaleLowerCase().match(/\p{L}{5,}/gu) ?? []).filter((w) => !STOP_WORDS.has(w)))];
  if (!words.length) return { pass: true, reason: 'The rubric names nothing to look for, so any answer meets it.' };
  const met = words.filter((w) => text.includes(w.slice(0, 5)));
  const pass = met.length * 2 >= words.length;
  const list = (ws: string[]) => ws.slice(0, 6).join(', ') + (ws.length > 6 ? ', …' : '');
  return pass
    ? { pass, reason: `The answer covers ${met.length} of the rubric's ${words.length} key words (${list(met)}).` }
    : {
        pass,
        reason: `The answer covers only ${met.length} of the rubric's ${words.length} key words; it misses ${list(words.filter((w) => !met.includes(w)))}.`,
      };
}

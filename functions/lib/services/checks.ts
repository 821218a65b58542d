import { RE2JS } from 're2js';
import safeRegex from 'safe-regex2';
import type { Check, CheckInput } from '@shared/contract/suite';
import { CHECK_TEXT_MAX, REGEX_MAX } from '@shared/contract/suite';
import { BadRequestError } from '../http/errors';
import { schemaProblem, validateAgainst } from './json-schema';

/**
 * The check engine (issue 29): what a check's value must be when it is saved (`checkValue`), and
 * whether an answer passes it (`runCheck`). Regular expressions are refused when they could
 * backtrack catastrophically (safe-regex2's star height) and run on RE2JS, whose matching time is
 * linear in the answer whatever the pattern, so no answer can stall a worker. `judge` asks a
 * model (the caller's `judge` function: runModel with a rubric) for a verdict with a reason.
 */
export type JudgeFn = (rubric: string, answer: string) => Promise<{ pass: boolean; reason: string }>;

const LENGTH_MAX = 1_000_000;

/** The stored value of a check as given, or 400 naming what is wrong with it. */
export function checkValue(input: CheckInput, position: number): Check['value'] {
  const at = `Check ${position + 1} (${input.kind})`;
  const { kind, value } = input;
  const text = () => {
    if (typeof value !== 'string' || !value.trim()) throw new BadRequestError(`${at} needs a text value.`);
    if (value.length > CHECK_TEXT_MAX) throw new BadRequestError(`${at}: the value must be at most ${CHECK_TEXT_MAX} characters.`);
    return value;
  };
  switch (kind) {
    case 'contains':
    case 'not_contains':
    case 'judge':
      return text();
    case 'regex': {
      const pattern = text();
      if (pattern.length > REGEX_MAX) throw new BadRequestError(`${at}: a pattern must be at most ${REGEX_MAX} characters.`);
      try {
        RE2JS.compile(pattern);
      } catch (error) {
        throw new BadRequestError(`${at}: the pattern does not compile (${(error as Error).message}).`);
      }
      if (!safeRegex(pattern))
        throw new BadRequestError(`${at}: the pattern could take exponential time (nested repetition such as (a+)+); write it without repeating a repetition.`);
      return pattern;
    }
    case 'json_schema': {
      let schema: unknown = value;
      if (typeof value === 'string') {
        try {
          schema = JSON.parse(value);
        } catch {
          throw new BadRequestError(`${at}: the schema is not JSON.`);
        }
      }
      if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) throw new BadRequestError(`${at} needs a JSON Schema object.`);
      if (JSON.stringify(schema).length > CHECK_TEXT_MAX) throw new BadRequestError(`${at}: the schema must be at most ${CHECK_TEXT_MAX} characters.`);
      const problem = schemaProblem(schema as Record<string, unknown>);
      if (problem) throw new BadRequestError(`${at}: the schema is not valid (${problem}).`);
      return schema as Record<string, unknown>;
    }
    case 'min_length':
    case 'max_length':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > LENGTH_MAX)
        throw new BadRequestError(`${at} needs a whole number of characters from 0 to ${LENGTH_MAX.toLocaleString('en-US')}.`);
      return value;
    case 'equals_expected':
      if (value !== undefined) throw new BadRequestError(`${at} takes no value: it compares the answer with the example's expected answer.`);
      return null;
  }
}

export interface CheckOutcome {
  check_id: string;
  pass: boolean;
  detail: string;
}

const clip = (text: string, max = 60) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The answer as JSON: the whole text, else the inside of one Markdown code fence. */
function parseJsonAnswer(answer: string): { ok: true; value: unknown } | { ok: false } {
  const candidates = [answer.trim(), answer.match(/```(?:json)?\s*\n([\s\S]*?)\n```/)?.[1]?.trim()].filter((c): c is string => !!c);
  for (const candidate of candidates) {
    try {
      return { ok: true, value: JSON.parse(candidate) };
    } catch {}
  }
  return { ok: false };
}

/** Whether `answer` passes `check`, with a one-line reason. */
export async function runCheck(check: Check, answer: string, expected: string | null, judge: JudgeFn): Promise<CheckOutcome> {
  const outcome = (pass: boolean, detail: string): CheckOutcome => ({ check_id: check.id, pass, detail });
  const value = check.value;
  switch (check.kind) {
    case 'contains':
      return answer.includes(String(value))
        ? outcome(true, `Contains "${clip(String(value))}".`)
        : outcome(false, `Does not contain "${clip(String(value))}".`);
    case 'not_contains':
      return answer.includes(String(value))
        ? outcome(false, `Contains "${clip(String(value))}".`)
        : outcome(true, `Does not contain "${clip(String(value))}".`);
    case 'regex':
      return RE2JS.compile(String(value)).test(answer)
        ? outcome(true, `Matches /${clip(String(value))}/.`)
        : outcome(false, `Does not match /${clip(String(value))}/.`);
    case 'min_length':
      return answer.length >= Number(value)
        ? outcome(true, `${answer.length} characters (at least ${value}).`)
        : outcome(false, `${answer.length} characters: fewer than ${value}.`);
    case 'max_length':
      return answer.length <= Number(value)
        ? outcome(true, `${answer.length} characters (at most ${value}).`)
        : outcome(false, `${answer.length} characters: more than ${value}.`);
    case 'equals_expected':
      if (expected === null) return outcome(false, 'The example has no expected answer to compare with.');
      return answer.trim() === expected.trim() ? outcome(true, 'Equals the expected answer.') : outcome(false, 'Differs from the expected answer.');
    case 'json_schema': {
      const parsed = parseJsonAnswer(answer);
      if (!parsed.ok) return outcome(false, 'The answer is not JSON.');
      const { valid, errors } = validateAgainst(value as Record<string, unknown>, parsed.value);
      return valid ? outcome(true, 'Valid against the schema.') : outcome(false, `Not valid against the schema: ${errors.slice(0, 3).join('; ')}`);
    }
    case 'judge': {
      const verdict = await judge(String(value), answer);
      return outcome(verdict.pass, clip(verdict.reason, 500));
    }
  }
}

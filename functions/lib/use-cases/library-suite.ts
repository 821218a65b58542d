import { bodyOf } from '@shared/chat';
import {
  CHECKS_MAX,
  EXAMPLES_PER_PROMPT,
  type Example,
  LIBRARY_EXAMPLES_MAX,
  LIBRARY_SUITE_BYTES_MAX,
  type LibrarySuite,
  type LibrarySuiteInput,
  librarySuiteTooLarge,
} from '@shared/contract/suite';
import { exampleProblems } from '@shared/examples';
import { type CheckList, ChecksChanged, checksUnchanged, getCheckList, saveChecksIf } from '../data/checks';
import { addExamples, allExamples, type ExampleFields, exampleHash, newExampleIds } from '../data/examples';
import type { WorkspacePk } from '../data/keys';
import { getLibraryPrompt, LIBRARY_PROMPT_NOT_FOUND } from '../data/library';
import { getLibrarySuite, saveLibrarySuite } from '../data/library-suite';
import type { PromptItem } from '../data/prompt';
import { retry } from '../data/retry';
import type { WorkspaceRef } from '../data/workspace';
import { BadRequestError, ConflictError, NotFoundError, PayloadTooLargeError } from '../http/errors';
import { logger } from '../http/log';
import { checksOf } from './checks';
import { type NewSuite, readSuite } from './suite-copy';

/**
 * A library prompt's test suite (issue 29: checks are part of the prompt, forks take them in).
 * Publishing copies the admin's prompt's suite, an admin edits it whole (PUT /admin/prompts/{id}/suite),
 * a fork gets it within its workspace's plan, and a pull of a library update adds what is new:
 * checks by id, examples by content; the fork's own are never changed or deleted. Every route
 * that reaches a fork (fork, pull) has judged the caller's tier before the suite is read.
 */

// UTF-8 bytes, as DynamoDB counts an item: a character may take up to 4.
const suiteBytes = (suite: LibrarySuite) => Buffer.byteLength(JSON.stringify(suite));
const withDates = (fields: ExampleFields[], now: string): Example[] => {
  const ids = newExampleIds(fields.length);
  return fields.map((f, i) => ({ ...f, id: ids[i]!, created_at: now }));
};

/** The suite a publish gives the new library prompt: the checks, and the oldest examples that fit the library's bounds. */
export async function publishedSuite(from: WorkspacePk, promptId: string): Promise<LibrarySuite> {
  const { checks, examples } = await readSuite(from, promptId, LIBRARY_EXAMPLES_MAX);
  const suite: LibrarySuite = { checks, examples: [] };
  for (const example of withDates(examples, new Date().toISOString())) {
    if (suiteBytes(suite) + Buffer.byteLength(JSON.stringify(example)) + 1 > LIBRARY_SUITE_BYTES_MAX) break;
    suite.examples.push(example);
  }
  return suite;
}

/** GET /admin/prompts/{id}/suite. */
export async function librarySuite(id: string): Promise<LibrarySuite> {
  const [prompt, suite] = await Promise.all([getLibraryPrompt(id), getLibrarySuite(id)]);
  if (!prompt) throw new NotFoundError(LIBRARY_PROMPT_NOT_FOUND);
  return suite;
}

/**
 * PUT /admin/prompts/{id}/suite: the whole suite replaced, checked as the prompt routes check it
 * (each check's value; each example's inputs against the prompt's variables: 400 naming the first
 * bad one, nothing saved). A check or example given with an id keeps it (and an example its date
 * and source), so forks do not take it in again.
 */
export async function replaceLibrarySuite(id: string, input: LibrarySuiteInput): Promise<LibrarySuite> {
  const [prompt, before] = await Promise.all([getLibraryPrompt(id), getLibrarySuite(id)]);
  if (!prompt) throw new NotFoundError(LIBRARY_PROMPT_NOT_FOUND);
  const checks = checksOf(input.checks);
  const body = bodyOf(prompt);
  const known = new Map(before.examples.map((e) => [e.id, e]));
  const now = new Date().toISOString();
  const fresh = newExampleIds(input.examples.length);
  const examples = input.examples.map(({ id: given, ...fields }, i): Example => {
    const problems = exampleProblems(body, fields.inputs);
    if (problems.length) throw new BadRequestError(`examples[${i}]: the inputs do not fit the prompt's variables: ${problems.join(' ')}`);
    const kept = given ? known.get(given) : undefined;
    return {
      id: given ?? fresh[i]!,
      inputs: fields.inputs,
      history: fields.history ?? [],
      expected: fields.expected ?? null,
      rating: fields.rating ?? null,
      note: fields.note ?? null,
      source: kept?.source ?? 'manual',
      created_at: kept?.created_at ?? now,
    };
  });
  const suite = { checks, examples };
  if (suiteBytes(suite) > LIBRARY_SUITE_BYTES_MAX) throw new PayloadTooLargeError(librarySuiteTooLarge());
  await saveLibrarySuite(id, suite);
  return suite;
}

/** An example as a fork keeps it: no id or date, from the library. */
const asFork = ({ inputs, history, expected, rating, note }: Example) => ({ inputs, history, expected, rating, note, source: 'library' as const });

/** A new fork's suite (createPrompt writes it first): the checks (their ids too) and the examples its workspace's plan allows per prompt. */
export const forkedSuite = (to: Pick<WorkspaceRef, 'tier'>, suite: LibrarySuite): NewSuite => ({
  checks: suite.checks,
  examples: suite.examples.slice(0, EXAMPLES_PER_PROMPT[to.tier]).map(asFork),
});

/** The original's suite and the fork's checks a pull compares, read while the pull writes the content (one round trip fewer). */
export type SuitesForPull = Promise<{ suite: LibrarySuite; list: CheckList }>;
export const readSuitesForPull = (to: Pick<WorkspaceRef, 'pk'>, promptId: string, libraryId: string): SuitesForPull =>
  Promise.all([getLibrarySuite(libraryId), getCheckList(to.pk, promptId)]).then(([suite, list]) => ({ suite, list }));

export const PULL_RACED = "This prompt's checks kept changing while the library's were added: pull again to add them.";
const ATTEMPTS = 3;

/**
 * A pull of a library update: the original's checks the fork lacks (by id) join its list, up to
 * CHECKS_MAX; the original's examples the fork has no equal of (exampleHash) and did not delete
 * (its dismissed hashes) join its examples, as many as its plan leaves room for. Nothing of the
 * fork's is changed or deleted. Every write is conditioned on the checks item read (its `rev`):
 * an edit or a delete made meanwhile is read again and kept (409 PULL_RACED after ATTEMPTS).
 * Dismissed hashes the library no longer has are dropped. Past the plan (a concurrent add took
 * the room) the examples are left for the next pull; the pull itself has landed.
 */
export async function pullSuite(to: Pick<WorkspaceRef, 'pk' | 'tier'>, prompt: PromptItem, read: SuitesForPull): Promise<void> {
  const { suite, list: first } = await read;
  const hashes = suite.examples.map(exampleHash);
  await retry({ attempts: ATTEMPTS, retryOn: (error) => error instanceof ChecksChanged, exhausted: () => new ConflictError(PULL_RACED) }, async (attempt) => {
    const list = attempt === 1 ? first : await getCheckList(to.pk, prompt.id);
    const have = new Set(list.checks.map((c) => c.id));
    const newChecks = suite.checks.filter((c) => !have.has(c.id));
    const checks = newChecks.length && list.checks.length < CHECKS_MAX ? [...list.checks, ...newChecks].slice(0, CHECKS_MAX) : undefined;
    const dismissed = list.dismissed.filter((h) => hashes.includes(h));
    let rev = list.rev;
    if (checks || dismissed.length < list.dismissed.length) {
      await saveChecksIf(to.pk, prompt.id, list, { checks, dismissed });
      rev = (rev ?? 0) + 1;
    }
    if (suite.examples.length) await pullExamples(to, prompt.id, suite, hashes, new Set(dismissed), rev);
  });
}

async function pullExamples(
  to: Pick<WorkspaceRef, 'pk' | 'tier'>,
  promptId: string,
  suite: LibrarySuite,
  hashes: string[],
  dismissed: Set<string>,
  rev: number | null,
) {
  const seen = new Set(dismissed);
  let count = 0;
  for await (const page of allExamples(to.pk, promptId)) {
    count += page.length;
    for (const e of page) seen.add(exampleHash(e));
  }
  const room = EXAMPLES_PER_PROMPT[to.tier] - count;
  const news = suite.examples.filter((_, i) => !seen.has(hashes[i]!)).slice(0, Math.max(0, room));
  try {
    await addExamples(to.pk, to.tier, promptId, news.map(asFork), [checksUnchanged(to.pk, promptId, rev)]);
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
    logger.warn('library examples not pulled: the plan limit was reached meanwhile', { prompt: promptId });
  }
}

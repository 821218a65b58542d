import type { LibrarySuite } from '@shared/contract/suite';
import { NotFoundError } from '../http/errors';
import { getItem, type Item } from './db';
import { LIBRARY_PROMPT_NOT_FOUND, libraryKeys } from './library';
import { type Part, transact } from './transactions';

/**
 * A library prompt's test suite (issue 29): its checks and examples in one item of a partition
 * of its own (`LIBSUITE#<id>`), so a fork reads it in the batch that reads the prompt, no key is
 * shared by every fork, and a suite edit neither rewrites the prompt nor starts a snapshot build
 * (the stream passes LIBPROMPT# / LIBCAT# keys only). One item is enough: the contract bounds it
 * (LIBRARY_EXAMPLES_MAX, LIBRARY_SUITE_BYTES_MAX) far below 400 KB. This module is its only writer.
 */
export const librarySuiteKey = (id: string) => ({ pk: `LIBSUITE#${id}`, sk: 'LIBSUITE' });

export const EMPTY_SUITE: LibrarySuite = { checks: [], examples: [] };

export const librarySuiteFrom = (item: Item | undefined): LibrarySuite =>
  item?.type === 'library_suite'
    ? { checks: (item.checks as LibrarySuite['checks']) ?? [], examples: (item.examples as LibrarySuite['examples']) ?? [] }
    : EMPTY_SUITE;

export const getLibrarySuite = async (id: string) => librarySuiteFrom(await getItem(librarySuiteKey(id), { consistent: true }));

/** The suite's put, for the transaction that publishes its prompt. */
export const librarySuitePart = (id: string, suite: LibrarySuite): Part => ({
  put: { Item: { ...librarySuiteKey(id), type: 'library_suite', prompt_id: id, ...suite, updated_at: new Date().toISOString() } },
});

/** The suite's delete, for the transaction that deletes its prompt. */
export const removeLibrarySuitePart = (id: string): Part => ({ delete: { Key: librarySuiteKey(id) } });

/** Replaces the suite of a library prompt that exists (404 otherwise). */
export async function saveLibrarySuite(id: string, suite: LibrarySuite): Promise<void> {
  await transact([
    librarySuitePart(id, suite),
    { check: { Key: libraryKeys.prompt(id), ConditionExpression: 'attribute_exists(pk)' }, onFail: () => new NotFoundError(LIBRARY_PROMPT_NOT_FOUND) },
  ]);
}

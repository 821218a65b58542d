import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Tier } from '@shared/tiers';
import { batchGet, beginsWith, db, getItem, type Item, TABLE } from './db';
import { libraryKeys } from './library';
import { failing, transact, write } from './transactions';

/**
 * Use of library prompts by people (docs/data-model.md, "library use"); this module is the only
 * writer of its items. A person's run of a library prompt (or of a fork of it, or an evaluation
 * of such a fork) is noted in their own partition (`XLIBRAN#<library id>`), and so is their one
 * rating (`XLIBRATE#<library id>`, changeable). The sums the library shows — runs, and stars and
 * ratings per library revision — are ADDs to one of LIBRARY_USE_SHARDS counter items of the
 * prompt, each a partition of its own, so a popular prompt is no hot key; the snapshot builder
 * reads them as it reads fork counts.
 */
export const LIBRARY_USE_SHARDS = 4;

export const libraryUseKeys = {
  ran: (userId: string, libraryId: string) => ({ pk: `USER#${userId}`, sk: `XLIBRAN#${libraryId}` }),
  rating: (userId: string, libraryId: string) => ({ pk: `USER#${userId}`, sk: `XLIBRATE#${libraryId}` }),
  counts: (libraryId: string, shard: number) => ({ pk: `LIBUSE#${libraryId}#${shard}`, sk: 'LIBUSE' }),
};

const shard = () => Math.floor(Math.random() * LIBRARY_USE_SHARDS);
/** Attribute names of a revision's sums (a revision is the library prompt's updated_at). */
const starsOf = (revision: string) => `stars@${revision}`;
const countOf = (revision: string) => `count@${revision}`;

/** A library prompt's revision (what forks compare and ratings are for: its updated_at, else created_at) and tier; undefined when it is not in the library. */
export async function libraryRevision(id: string): Promise<{ revision: string; tier: Tier } | undefined> {
  const item = await getItem(libraryKeys.prompt(id), { projection: '#t, updated_at, created_at, access_tier', names: { '#t': 'type' } });
  if (item?.type !== 'library_prompt') return undefined;
  return { revision: String(item.updated_at ?? item.created_at ?? ''), tier: item.access_tier as Tier };
}

/** Notes that a person ran a library prompt, and counts the run. */
export async function noteLibraryRun(userId: string, libraryId: string, revision: string): Promise<void> {
  await Promise.all([
    db.send(
      new PutCommand({
        TableName: TABLE,
        Item: { ...libraryUseKeys.ran(userId, libraryId), type: 'library_ran', library_prompt_id: libraryId, revision, at: new Date().toISOString() },
      }),
    ),
    write({
      update: {
        Key: libraryUseKeys.counts(libraryId, shard()),
        UpdateExpression: 'SET #type = :type ADD runs :one',
        ExpressionAttributeNames: { '#type': 'type' },
        ExpressionAttributeValues: { ':type': 'library_use', ':one': 1 },
      },
    }),
  ]);
}

/** Whether the person ran (or evaluated) the library prompt. */
export async function hasRun(userId: string, libraryId: string): Promise<boolean> {
  const { Item } = await db.send(new GetCommand({ TableName: TABLE, Key: libraryUseKeys.ran(userId, libraryId), ProjectionExpression: 'sk' }));
  return Boolean(Item);
}

export interface PersonRating {
  stars: number;
  revision: string;
}

export async function getRating(userId: string, libraryId: string): Promise<PersonRating | null> {
  const { Item } = await db.send(new GetCommand({ TableName: TABLE, Key: libraryUseKeys.rating(userId, libraryId), ConsistentRead: true }));
  return Item ? { stars: Number(Item.stars), revision: String(Item.revision) } : null;
}

class RatingMoved extends Error {}

/**
 * Sets a person's rating, moving it out of the sums of the revision it was for (`before`) into
 * the sums of `revision`, in one transaction conditioned on `before` still being their rating
 * (false: someone's concurrent change won; read and try again).
 */
export async function putRating(userId: string, libraryId: string, revision: string, stars: number, before: PersonRating | null): Promise<boolean> {
  const adds = new Map<string, number>([
    [starsOf(revision), stars],
    [countOf(revision), 1],
  ]);
  if (before) {
    adds.set(starsOf(before.revision), (adds.get(starsOf(before.revision)) ?? 0) - before.stars);
    adds.set(countOf(before.revision), (adds.get(countOf(before.revision)) ?? 0) - 1);
  }
  const names: Record<string, string> = { '#type': 'type' };
  const values: Item = { ':type': 'library_use' };
  [...adds].forEach(([name, value], i) => {
    names[`#a${i}`] = name;
    values[`:a${i}`] = value;
  });
  try {
    await transact([
      {
        put: {
          Item: {
            ...libraryUseKeys.rating(userId, libraryId),
            type: 'library_rating',
            library_prompt_id: libraryId,
            stars,
            revision,
            updated_at: new Date().toISOString(),
          },
          ...(before
            ? {
                ConditionExpression: '#s = :s AND #r = :r',
                ExpressionAttributeNames: { '#s': 'stars', '#r': 'revision' },
                ExpressionAttributeValues: { ':s': before.stars, ':r': before.revision },
              }
            : { ConditionExpression: 'attribute_not_exists(sk)' }),
        },
        onFail: () => new RatingMoved(),
      },
      {
        update: {
          Key: libraryUseKeys.counts(libraryId, shard()),
          UpdateExpression: `SET #type = :type ADD ${[...adds.keys()].map((_, i) => `#a${i} :a${i}`).join(', ')}`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
        },
      },
    ]);
    return true;
  } catch (error) {
    if (error instanceof RatingMoved) return false;
    throw error;
  }
}

/**
 * Takes each of a person's ratings out of its prompt's sums (stars and count of the revision it
 * was for) and deletes it, one transaction each, conditioned on the rating being as read (account
 * deletion, before the partition goes). Safe to repeat: a rating taken out is gone, so a retried
 * deletion never subtracts it twice.
 */
export async function withdrawRatings(userId: string): Promise<void> {
  for (const item of await beginsWith(`USER#${userId}`, 'XLIBRATE#')) {
    const libraryId = String(item.library_prompt_id);
    const revision = String(item.revision);
    try {
      await transact([
        failing(
          {
            delete: {
              Key: libraryUseKeys.rating(userId, libraryId),
              ConditionExpression: '#s = :s AND #r = :r',
              ExpressionAttributeNames: { '#s': 'stars', '#r': 'revision' },
              ExpressionAttributeValues: { ':s': item.stars, ':r': revision },
            },
          },
          () => new RatingMoved(),
        ),
        {
          update: {
            Key: libraryUseKeys.counts(libraryId, shard()),
            UpdateExpression: 'ADD #s :s, #c :c',
            ExpressionAttributeNames: { '#s': starsOf(revision), '#c': countOf(revision) },
            ExpressionAttributeValues: { ':s': -Number(item.stars), ':c': -1 },
          },
        },
      ]);
    } catch (error) {
      // Changed or taken out meanwhile: the next pass reads what is there.
      if (!(error instanceof RatingMoved)) throw error;
    }
  }
}

/** A library prompt's use: runs, and stars and ratings per revision. */
export interface LibraryUse {
  runs: number;
  ratings: Map<string, { stars: number; count: number }>;
}

/** The summed counters of each id (every shard; 100 keys per BatchGet, 16 at a time; `consistent` right after a change). */
export async function libraryUse(ids: readonly string[], { consistent = false } = {}): Promise<Map<string, LibraryUse>> {
  const keys = ids.flatMap((id) => Array.from({ length: LIBRARY_USE_SHARDS }, (_, n) => libraryUseKeys.counts(id, n)));
  const batches: (typeof keys)[] = [];
  for (let i = 0; i < keys.length; i += 100) batches.push(keys.slice(i, i + 100));
  const use = new Map<string, LibraryUse>();
  for (let i = 0; i < batches.length; i += 16) {
    const found = await Promise.all(batches.slice(i, i + 16).map((batch) => batchGet(batch, { consistent })));
    for (const item of found.flat()) {
      const id = String(item.pk).slice('LIBUSE#'.length).replace(/#\d+$/, '');
      const into = use.get(id) ?? { runs: 0, ratings: new Map() };
      into.runs += Number(item.runs ?? 0);
      for (const [name, value] of Object.entries(item)) {
        const [what, revision] = name.split('@') as [string, string | undefined];
        if (!revision || (what !== 'stars' && what !== 'count')) continue;
        const sums = into.ratings.get(revision) ?? { stars: 0, count: 0 };
        sums[what === 'stars' ? 'stars' : 'count'] += Number(value);
        into.ratings.set(revision, sums);
      }
      use.set(id, into);
    }
  }
  return use;
}

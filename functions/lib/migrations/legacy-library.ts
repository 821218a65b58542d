import { batchWrite, queryAll } from '../data/db';
import { categoryItem, libraryPromptFrom, promptItem, putLibraryItems } from '../data/library';

/**
 * Delete when: the partition `LIBRARY` is empty in every deployed stage (the local stack runs
 * this on every start and reports nothing to move). Not on any request path.
 *
 * Moves library items of the former single-partition layout (pk `LIBRARY`, sk `PROMPT#<id>` /
 * `CATEGORY#<id>`, plus `META`) to their own partitions; a no-op once done. The caller rebuilds
 * the snapshot afterwards (docs/data-model.md).
 */
export async function migrateLegacyLibrary(): Promise<number> {
  const legacy = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'LIBRARY' } });
  if (!legacy.length) return 0;
  const now = new Date().toISOString();
  const puts = legacy.flatMap((item): Record<string, unknown>[] => {
    const prompt = libraryPromptFrom(item);
    if (prompt) return [promptItem(prompt)];
    if (item.type === 'library_category') return [categoryItem({ id: item.id as string, name: item.name as string }, (item.created_at as string) ?? now)];
    return [];
  });
  await putLibraryItems(puts);
  // The former layout's items belong to no entity any more: this move is their last writer.
  await batchWrite(legacy.map((i) => ({ DeleteRequest: { Key: { pk: i.pk, sk: i.sk } } })));
  return puts.length;
}

import type { VersionSource } from '@shared/contract/versions';

/** How the history names where a version's content came from. */
export function sourceLabel(source: VersionSource): string {
  switch (source.kind) {
    case 'create':
      return 'Created';
    case 'edit':
      return 'Edited';
    case 'enhance':
      return 'Enhanced with AI';
    case 'import':
      return 'Imported';
    case 'copy':
      return 'Copied from another workspace';
    case 'restore':
      return `Restored from v${source.version}`;
    case 'fork':
      return 'Forked from library';
    case 'library':
      return 'Updated from library';
  }
}

/** A version's save time, short and local ("12 Mar 2026, 14:05"). */
export function savedAtLabel(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

import type { PromptStats as Stats } from '../utils/filter-prompts';

/** Totals over the whole workspace: prompts (with the plan limit), favorites, uncategorized. */
export function PromptStats({ stats, maxPrompts }: { stats: Stats; maxPrompts: number | null }) {
  return (
    <dl className="prompt-stats">
      <div className="prompt-stats__item">
        <dt>Total prompts</dt>
        <dd>
          {stats.total}
          {maxPrompts !== null ? <span className="prompt-stats__limit"> / {maxPrompts}</span> : null}
        </dd>
      </div>
      <div className="prompt-stats__item">
        <dt>Favorites</dt>
        <dd>{stats.favorites}</dd>
      </div>
      <div className="prompt-stats__item">
        <dt>Uncategorized</dt>
        <dd>{stats.uncategorized}</dd>
      </div>
    </dl>
  );
}

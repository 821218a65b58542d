import type { Stat } from '../content';
import './stats-section.css';

/** The figures band: value large, label beneath (a description list, label first in the markup). */
export function StatsSection({ stats }: { stats: readonly Stat[] }) {
  return (
    <section className="stats" aria-labelledby="stats-title">
      <div className="container">
        <h2 id="stats-title" className="visually-hidden">
          Construct in numbers
        </h2>
        <dl className="stats__grid">
          {stats.map(({ value, label }) => (
            <div key={label} className="stats__item">
              <dt className="stats__label">{label}</dt>
              <dd className="stats__value">{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}

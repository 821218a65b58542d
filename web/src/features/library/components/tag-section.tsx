import { Building2, Hash } from 'lucide-react';
import '@/components/ui/badge.css';
import { cx } from '@/components/ui/cx';
import './lib-tag.css';
import './library-detail.css';

/** A prompt's tasks or industries, every one of them. */
export function TagSection({ heading, tags, kind }: { heading: string; tags: string[]; kind: 'task' | 'industry' }) {
  if (!tags.length) return null;
  const Icon = kind === 'task' ? Hash : Building2;
  return (
    <section className="lib-detail__section">
      <h2>{heading}</h2>
      <ul className="lib-detail__tags">
        {tags.map((tag) => (
          <li key={tag} className={cx('badge badge--truncate lib-tag', kind === 'industry' && 'badge--info')}>
            <Icon aria-hidden="true" />
            {tag}
          </li>
        ))}
      </ul>
    </section>
  );
}

import { Folder } from 'lucide-react';
import '@/components/ui/badge.css';
import './lib-tag.css';

/** A prompt's category as a tag (a card's top line, a prompt page's facts). */
export function CategoryTag({ name, as: Tag }: { name: string; as: 'p' | 'li' }) {
  return (
    <Tag className="badge badge--accent badge--truncate lib-tag">
      <Folder aria-hidden="true" />
      <span className="visually-hidden">Category: </span>
      {name}
    </Tag>
  );
}

import { Folder } from 'lucide-react';
import './lib-tag.css';

/** A prompt's category as a tag (a card's top line, a prompt page's facts). */
export function CategoryTag({ name, as: Tag }: { name: string; as: 'p' | 'li' }) {
  return (
    <Tag className="lib-tag lib-tag--category">
      <Folder aria-hidden="true" />
      <span className="visually-hidden">Category: </span>
      {name}
    </Tag>
  );
}

import { Star } from 'lucide-react';
import type { Ref } from 'react';
import { buttonClassName } from '@/components/ui/button';
import { cx } from '@/components/ui/cx';
import { SearchInput } from '@/components/ui/search-input';
import { ariaKeyShortcut } from '@/lib/shortcuts';
import { TEXT } from '../utils/messages';

export interface PromptsToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  favoritesOnly: boolean;
  onFavoritesOnlyChange: (value: boolean) => void;
  /** The search input, for the '/' shortcut. */
  searchRef?: Ref<HTMLInputElement>;
}

/** Search (title, body, tags, category) with its clear button, and the Favorites Only toggle. */
export function PromptsToolbar({ search, onSearchChange, favoritesOnly, onFavoritesOnlyChange, searchRef }: PromptsToolbarProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: the search landmark around the search box and its filter; <search> is not in every supported browser.
    <div className="prompts-toolbar" role="search">
      <SearchInput
        className="prompts-toolbar__search"
        ref={searchRef}
        label="Search prompts"
        placeholder="Search by title, body, tag or category..."
        aria-keyshortcuts={ariaKeyShortcut('search')}
        value={search}
        onValueChange={onSearchChange}
      />
      <button
        type="button"
        className={buttonClassName({ variant: 'secondary', className: cx('favorites-toggle', favoritesOnly && 'is-on') })}
        aria-pressed={favoritesOnly}
        onClick={() => onFavoritesOnlyChange(!favoritesOnly)}
      >
        <Star aria-hidden="true" />
        {TEXT.favoritesOnly}
      </button>
    </div>
  );
}

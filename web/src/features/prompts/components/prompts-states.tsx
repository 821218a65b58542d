import { BookOpen, FileText, Plus, SearchX, TriangleAlert, Wand2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Button, buttonClassName } from '@/components/ui/button';
import { IconTile } from '@/components/ui/icon-tile';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { TEXT } from '../utils/messages';

/** The list states (docs/product.md): loading, error, empty, filtered-empty. */
export function PromptsLoading() {
  return (
    <div className="prompts-state" role="status">
      <Spinner size="lg" />
      <p className="prompts-state__text">{TEXT.loading}</p>
    </div>
  );
}

function StatePanel({ icon, tone, title, children, role }: { icon: ReactNode; tone?: 'danger'; title: string; children: ReactNode; role?: 'alert' }) {
  return (
    <section className={`prompts-state prompts-state--panel${tone ? ` prompts-state--${tone}` : ''}`} role={role}>
      <IconTile size="xl" tone={tone ?? 'accent'}>
        {icon}
      </IconTile>
      <h2 className="prompts-state__title">{title}</h2>
      {children}
    </section>
  );
}

export function PromptsError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <StatePanel icon={<TriangleAlert aria-hidden="true" />} tone="danger" title={TEXT.loadErrorTitle} role="alert">
      <p className="prompts-state__text">{TEXT.loadError}</p>
      <Button variant="secondary" loading={retrying} onClick={onRetry}>
        Try again
      </Button>
    </StatePanel>
  );
}

export interface PromptsEmptyProps {
  onCreate: () => void;
  /** 'Add a sample prompt': saves one that shows each kind of variable. */
  onAddSample: () => void;
  addingSample: boolean;
}

/** The empty workspace: write the first prompt, start from the library, or add a sample to learn variables from. */
export function PromptsEmpty({ onCreate, onAddSample, addingSample }: PromptsEmptyProps) {
  return (
    <StatePanel icon={<FileText aria-hidden="true" />} title={TEXT.emptyTitle}>
      <p className="prompts-state__text">
        Save the prompts you reuse, mark variables like <code>[INPUT: topic]</code> to fill in later, and sharpen them with AI.
      </p>
      <Button size="lg" icon={<Plus aria-hidden="true" />} onClick={onCreate}>
        {TEXT.createFirst}
      </Button>
      <div className="prompts-state__more">
        <Link className={buttonClassName({ variant: 'secondary' })} to={paths.library}>
          <BookOpen aria-hidden="true" />
          {TEXT.startFromLibrary}
        </Link>
        <Button variant="secondary" icon={<Wand2 aria-hidden="true" />} loading={addingSample} onClick={onAddSample}>
          {TEXT.addSample}
        </Button>
      </div>
      <p className="prompts-state__hint">The sample shows a typed input with choices, your notes, a snippet and a profile value.</p>
    </StatePanel>
  );
}

export function PromptsNoResults({ onClear }: { onClear: () => void }) {
  return (
    <StatePanel icon={<SearchX aria-hidden="true" />} title={TEXT.noResults}>
      <p className="prompts-state__text">No prompt matches the search and filters you chose.</p>
      <Button variant="secondary" onClick={onClear}>
        Clear filters
      </Button>
    </StatePanel>
  );
}

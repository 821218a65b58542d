import { BookOpen, FileText, Plus, Wand2 } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button, buttonClassName } from '@/components/ui/button';
import { ReadOnlyNote } from '@/components/ui/read-only-note';
import { paths } from '@/config/paths';
import { TEXT } from '../utils/messages';
import { StatePanel } from './state-panel';

export interface PromptsEmptyProps {
  onCreate: () => void;
  /** 'Add a sample prompt': saves one that shows each kind of variable. */
  onAddSample: () => void;
  addingSample: boolean;
  /** Why this workspace cannot be changed here (a team's viewer): shown instead of the ways to add prompts. */
  readOnly?: string | null;
}

/** The empty workspace: write the first prompt, start from the library, or add a sample to learn variables from. */
export function PromptsEmpty({ onCreate, onAddSample, addingSample, readOnly = null }: PromptsEmptyProps) {
  if (readOnly)
    return (
      <StatePanel icon={<FileText aria-hidden="true" />} title="No prompts in this team yet">
        <ReadOnlyNote>{readOnly}</ReadOnlyNote>
      </StatePanel>
    );
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

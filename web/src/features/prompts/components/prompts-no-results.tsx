import { SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TEXT } from '../utils/messages';
import { StatePanel } from './state-panel';

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

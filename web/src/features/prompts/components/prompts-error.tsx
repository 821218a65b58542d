import { TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { TEXT } from '../utils/messages';
import { StatePanel } from './state-panel';

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

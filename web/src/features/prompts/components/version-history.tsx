import { useState } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { Tabs } from '@/components/ui/tabs';
import { ActivityFeed } from './activity-feed';
import { HistoryBody, type HistoryBodyProps } from './history-body';
import { ReviewsPanel } from './reviews-panel';
import './versions.css';

export type HistoryTab = 'versions' | 'reviews' | 'activity';

export interface VersionHistoryProps extends HistoryBodyProps {
  /** Mount it to open it; closing calls this (focus goes back to the control that opened it). */
  onClose: () => void;
  /** The tab shown first (default: the versions). */
  tab?: HistoryTab;
}

/**
 * A prompt's version history (docs/product.md, My Prompts): every version with its time and origin, a line-by-line
 * diff of any two of them, and Restore, which makes an older version's content a new version;
 * beside it the prompt's reviews and its activity feed.
 */
export function VersionHistory({ prompt, onClose, onRestored, confirmRestore, tab = 'versions' }: VersionHistoryProps) {
  const [shown, setShown] = useState<string>(tab);
  return (
    <ModalDialog
      onClose={onClose}
      title={`History of “${prompt.title}”`}
      description="Every save keeps the previous version. Compare any two, or restore an older one as a new version."
      size="xl"
      className="version-history"
    >
      <Tabs
        label="History"
        value={shown}
        onValueChange={setShown}
        items={[
          {
            value: 'versions',
            label: 'Versions',
            content: <HistoryBody prompt={prompt} onRestored={onRestored} confirmRestore={confirmRestore} onReviews={() => setShown('reviews')} />,
          },
          { value: 'reviews', label: 'Reviews', content: <ReviewsPanel prompt={prompt} /> },
          { value: 'activity', label: 'Activity', content: <ActivityFeed promptId={prompt.id} label={`Activity of “${prompt.title}”`} /> },
        ]}
      />
    </ModalDialog>
  );
}

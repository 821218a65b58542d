import { RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { messages } from '../utils/format';
import './library.css';

/** docs/product.md, Library: the load error, with a way to try again. */
export function LibraryError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <section className="lib-state lib-state--error" role="alert">
      <h2 className="lib-state__title">Could Not Load Library</h2>
      <p className="lib-state__text">{messages.loadError}</p>
      <Button variant="secondary" icon={<RotateCw aria-hidden="true" />} loading={retrying} onClick={onRetry}>
        Try again
      </Button>
    </section>
  );
}

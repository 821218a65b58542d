import { Spinner } from '@/components/ui/spinner';
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

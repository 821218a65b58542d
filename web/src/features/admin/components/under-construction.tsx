import { Construction } from 'lucide-react';
import { IconTile } from '@/components/ui/icon-tile';
import { ADMIN_TEXT } from '../utils/messages';

/** Dashboard and Settings: not built yet (docs/product.md). */
export function UnderConstruction({ tab }: { tab: string }) {
  return (
    <div className="admin-construction">
      <IconTile size="xl" tone="warning" className="admin-construction__icon" aria-hidden="true">
        <Construction />
      </IconTile>
      <h2 className="admin-construction__title">{tab}</h2>
      <p>{ADMIN_TEXT.underConstruction(tab)}</p>
    </div>
  );
}

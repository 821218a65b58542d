import { Construction } from 'lucide-react';
import { ADMIN_TEXT } from '../utils/messages';

/** Dashboard and Settings: not built yet (spec section 2). */
export function UnderConstruction({ tab }: { tab: string }) {
  return (
    <div className="admin-construction">
      <span className="admin-construction__icon" aria-hidden="true">
        <Construction />
      </span>
      <h2 className="admin-construction__title">{tab}</h2>
      <p>{ADMIN_TEXT.underConstruction(tab)}</p>
    </div>
  );
}

import { Pencil, Trash2 } from 'lucide-react';
import { memo } from 'react';
import type { AdminPrompt } from '@shared/contract/admin';
import type { Tier } from '@shared/tiers';
import { TierOptions } from '@/components/tier-options';
import { IconButton } from '@/components/ui/icon-button';
import { Select } from '@/components/ui/select';
import { ADMIN_TEXT } from '../utils/messages';
import './admin-table.css';

interface PromptRowProps {
  prompt: AdminPrompt;
  rowIndex: number | undefined;
  /** The tier being saved, shown until the server answers. */
  pendingTier: Tier | undefined;
  deleting: boolean;
  onTierChange: (prompt: AdminPrompt, tier: Tier) => void;
  onEdit: (prompt: AdminPrompt) => void;
  onDelete: (prompt: AdminPrompt) => void;
}

export const PromptRow = memo(function PromptRow({ prompt, rowIndex, pendingTier, deleting, onTierChange, onEdit, onDelete }: PromptRowProps) {
  const tier = pendingTier ?? prompt.access_tier;
  return (
    <tr data-row aria-rowindex={rowIndex}>
      <th scope="row" className="admin-col--title">
        <span className="admin-cell-text" title={prompt.title}>
          {prompt.title}
        </span>
      </th>
      <td className="admin-col--category">
        {prompt.category_name ? (
          <span className="admin-cell-text" title={prompt.category_name}>
            {prompt.category_name}
          </span>
        ) : (
          <span className="admin-cell-text admin-cell-text--muted">{ADMIN_TEXT.uncategorized}</span>
        )}
      </td>
      <td className="admin-col--email">
        <span className="admin-cell-text" title={prompt.owner_email}>
          {prompt.owner_email}
        </span>
      </td>
      <td className="admin-col--tier">
        <Select
          className="admin-tier-select"
          data-tier={tier}
          aria-label={`Access tier for ${prompt.title}`}
          value={tier}
          disabled={pendingTier !== undefined || deleting}
          aria-busy={pendingTier !== undefined || undefined}
          onChange={(event) => onTierChange(prompt, event.target.value as Tier)}
        >
          <TierOptions />
        </Select>
      </td>
      <td className="admin-col--actions">
        <div className="admin-row-actions">
          <IconButton label={`Edit prompt ${prompt.title}`} icon={<Pencil />} size="sm" disabled={deleting} onClick={() => onEdit(prompt)} />
          <IconButton
            label={`Delete prompt ${prompt.title}`}
            icon={<Trash2 />}
            variant="danger"
            size="sm"
            loading={deleting}
            onClick={() => onDelete(prompt)}
          />
        </div>
      </td>
    </tr>
  );
});

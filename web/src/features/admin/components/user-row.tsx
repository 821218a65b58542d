import { KeyRound, Pencil, Trash2 } from 'lucide-react';
import { memo, useId } from 'react';
import type { User } from '@shared/contract/auth';
import { Badge } from '@/components/ui/badge';
import { BareSwitch } from '@/components/ui/bare-switch';
import { IconButton } from '@/components/ui/icon-button';
import type { UserChange } from '../api/update-admin-user';
import { OWN_ADMIN_REASON } from '../utils/messages';
import './admin-table.css';

interface UserRowProps {
  user: User;
  rowIndex: number | undefined;
  isCurrent: boolean;
  /** A change being saved (from the switch or the edit dialog); the row shows it until the server answers. */
  pending: UserChange | undefined;
  deleting: boolean;
  resetting: boolean;
  onSendReset: (user: User) => void;
  onAdminChange: (user: User, isAdmin: boolean) => void;
  onEdit: (user: User) => void;
  onDelete: (user: User) => void;
}

export const UserRow = memo(function UserRow({
  user,
  rowIndex,
  isCurrent,
  pending,
  deleting,
  resetting,
  onSendReset,
  onAdminChange,
  onEdit,
  onDelete,
}: UserRowProps) {
  const isAdmin = pending?.is_admin ?? user.is_admin;
  const saving = pending !== undefined;
  const reasonId = useId();
  return (
    <tr data-row aria-rowindex={rowIndex}>
      <th scope="row" className="admin-col--user">
        <span className="admin-user">
          <span className="admin-cell-text" title={user.email}>
            {user.email}
          </span>
          {isCurrent ? (
            <Badge variant="accent" className="admin-user__you">
              You
            </Badge>
          ) : null}
        </span>
      </th>
      <td className="admin-col--badge">
        <Badge variant={pending?.access_tier ?? user.access_tier} />
      </td>
      <td className="admin-col--admin">
        <span className="admin-status">
          <BareSwitch
            label={`Admin status for ${user.email}`}
            checked={isAdmin}
            disabled={saving || deleting || isCurrent}
            busy={saving}
            describedBy={isCurrent ? reasonId : undefined}
            onCheckedChange={(checked) => onAdminChange(user, checked)}
          />
          <span className="admin-status__text" aria-hidden="true">
            {isAdmin ? 'Admin' : 'User'}
          </span>
        </span>
        {/* Another admin can change it; taking one's own access away here would lock oneself out. */}
        {isCurrent ? (
          <span id={reasonId} className="admin-status__note">
            {OWN_ADMIN_REASON}
          </span>
        ) : null}
      </td>
      <td className="admin-col--actions2">
        <div className="admin-row-actions">
          <IconButton
            label={`Send password reset to ${user.email}`}
            title="Send password reset"
            icon={<KeyRound />}
            size="sm"
            disabled={deleting}
            loading={resetting}
            onClick={() => onSendReset(user)}
          />
          <IconButton label={`Edit user ${user.email}`} icon={<Pencil />} size="sm" disabled={deleting} onClick={() => onEdit(user)} />
          <IconButton label={`Delete user ${user.email}`} icon={<Trash2 />} variant="danger" size="sm" loading={deleting} onClick={() => onDelete(user)} />
        </div>
      </td>
    </tr>
  );
});

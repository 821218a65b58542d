import { UserPlus } from 'lucide-react';
import { useCallback } from 'react';
import type { User } from '@shared/contract/auth';
import { Button } from '@/components/ui/button';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { mutationKeys } from '@/lib/query-keys';
import { useDeleteAdminUser } from '../api/delete-admin-user';
import { useSendPasswordReset } from '../api/send-password-reset';
import { type UserChange, useUpdateAdminUser } from '../api/update-admin-user';
import { CONFIRM, FAILURE, SEARCH_PLACEHOLDER, SUCCESS } from '../utils/messages';
import { useSearchedRows } from '../utils/search';
import { type AdminColumn, AdminTable } from './admin-table';
import { EmptyRows } from './empty-rows';
import { LoadMore, type MoreRows } from './load-more';
import { PanelHeader } from './panel-header';
import { useConfirmedDelete } from './use-confirmed-delete';
import { usePending } from './use-pending';
import { UserRow } from './user-row';
import './admin-table.css';

const COLUMNS: AdminColumn[] = [
  { header: 'Email', className: 'admin-col--user' },
  { header: 'Access Tier', className: 'admin-col--badge' },
  { header: 'Admin Status', className: 'admin-col--admin' },
  { header: 'Actions', className: 'admin-col--actions2', hiddenHeader: true },
];

const userEmail = (user: User) => user.email;

const changeId = (change: UserChange) => change.id;

const idOf = (id: string) => id;

export interface UsersPanelProps {
  /** 'Load more' of the paged list. */
  more: MoreRows;
  users: readonly User[];
  /** The signed-in admin, marked 'You' in the list. */
  currentUserId: string | undefined;
  query: string;
  onQueryChange: (query: string) => void;
  onCreate: () => void;
  onEdit: (user: User) => void;
  /** Called with the saved account when the signed-in admin's own account changed. */
  onCurrentUserChanged?: (user: User) => void;
}

/** Users tab: every account, searched by email; the admin switch saves at once, delete asks first. */
export function UsersPanel({ users, more, currentUserId, query, onQueryChange, onCreate, onEdit, onCurrentUserChanged }: UsersPanelProps) {
  const { toast } = useToast();
  const { rows, total } = useSearchedRows(users, query, userEmail);
  const { mutateAsync: updateUser } = useUpdateAdminUser();
  const { mutateAsync: deleteUser } = useDeleteAdminUser();
  const saving = usePending(mutationKeys.admin.updateUser, changeId);
  const deleting = usePending(mutationKeys.admin.deleteUser, idOf);
  const { mutateAsync: sendReset } = useSendPasswordReset();
  const resetting = usePending(mutationKeys.admin.sendPasswordReset, idOf);

  const onSendReset = useCallback(
    async (user: User) => {
      try {
        toast({ variant: 'success', title: await sendReset(user.id) });
      } catch (error) {
        toast({ variant: 'error', title: errorMessage(error, 'The password reset email could not be sent.') });
      }
    },
    [sendReset, toast],
  );

  const onAdminChange = useCallback(
    async (user: User, is_admin: boolean) => {
      try {
        const saved = await updateUser({ id: user.id, is_admin });
        toast({ variant: 'success', title: SUCCESS.userUpdated });
        if (saved.id === currentUserId) onCurrentUserChanged?.(saved);
      } catch (error) {
        toast({ variant: 'error', title: errorMessage(error, FAILURE.updateUser) });
      }
    },
    [updateUser, toast, currentUserId, onCurrentUserChanged],
  );

  const onDelete = useConfirmedDelete((user: User) => deleteUser(user.id), {
    confirm: CONFIRM.deleteUser,
    success: SUCCESS.userDeleted,
    failure: FAILURE.deleteUser,
  });

  return (
    <>
      <PanelHeader
        title="Users"
        description="Every account on the platform, with its plan tier and admin access."
        search={{ placeholder: SEARCH_PLACEHOLDER.users, value: query, onValueChange: onQueryChange }}
        shown={rows.length}
        total={total}
        noun={['user', 'users']}
        action={
          <Button icon={<UserPlus aria-hidden="true" />} onClick={onCreate}>
            Create User
          </Button>
        }
      />
      <AdminTable
        caption="Platform users"
        className="admin-table--users"
        columns={COLUMNS}
        rows={rows}
        empty={<EmptyRows query={query} noun="users" emptyText="No users yet." />}
        renderRow={(user, rowIndex) => (
          <UserRow
            key={user.id}
            user={user}
            rowIndex={rowIndex}
            isCurrent={user.id === currentUserId}
            pending={saving.get(user.id)}
            deleting={deleting.has(user.id)}
            resetting={resetting.has(user.id)}
            onSendReset={onSendReset}
            onAdminChange={onAdminChange}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        )}
      />
      <LoadMore more={more} noun="users" empty={rows.length === 0} />
    </>
  );
}

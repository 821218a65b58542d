import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { paths } from '@/config/paths';
import { AdminControlCenter } from '@/features/admin/components/admin-control-center';
import { RequireAdmin } from '@/features/auth/components/require-admin';
import { queryKeys } from '@/lib/query-keys';
import { useLogout, useSession } from '@/lib/session';

/** /admin: administrators only (a signed-in non-admin goes to /prompts); the control center has its own header. */
export function Component() {
  const { user } = useSession();
  const logout = useLogout();
  const queryClient = useQueryClient();
  const onCurrentUserChanged = useCallback(() => void queryClient.invalidateQueries({ queryKey: queryKeys.me }), [queryClient]);

  return (
    <RequireAdmin>
      <AdminControlCenter currentUserId={user?.id} appPath={paths.prompts} onLogout={() => void logout()} onCurrentUserChanged={onCurrentUserChanged} />
    </RequireAdmin>
  );
}

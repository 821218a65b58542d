import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { AdminControlCenter } from '@/features/admin/components/admin-control-center';
import { meQueryKey } from '@/features/auth/api/get-me';
import { RequireAdmin } from '@/features/auth/components/guards';
import { useSession } from '@/features/auth/components/use-session';

/** /admin: administrators only (a signed-in non-admin goes to /prompts); the control center has its own header. */
export function Component() {
  return (
    <RequireAdmin>
      <AdminRoute />
    </RequireAdmin>
  );
}

function AdminRoute() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  const onLogout = useCallback(async () => {
    // Leave the guarded page first, so the guard does not remember it as the page to return to.
    await navigate(paths.login);
    logout();
  }, [navigate, logout]);

  const onCurrentUserChanged = useCallback(() => void queryClient.invalidateQueries({ queryKey: meQueryKey }), [queryClient]);

  return (
    <AdminControlCenter
      currentUserId={user?.id}
      appPath={paths.prompts}
      onLogout={() => void onLogout()}
      onCurrentUserChanged={onCurrentUserChanged}
    />
  );
}

import { Outlet } from 'react-router-dom';
import { RequireAuth } from '@/features/auth/components/require-auth';
import { AppLayout } from '../../layouts/app-layout';

/** The signed-in area: the guard, then the header layout around the page. */
export function Component() {
  return (
    <RequireAuth>
      <AppLayout>
        <Outlet />
      </AppLayout>
    </RequireAuth>
  );
}

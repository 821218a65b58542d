import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { DialogsProvider } from '@/components/ui/dialogs';
import '@/styles/pages.css';

/** The root route: resets the scroll position on page changes; hosts the in-app confirmations and alerts. */
export function RootLayout() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page (pathname) is what the effect runs on, not a value it reads.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return (
    <DialogsProvider>
      <Outlet />
    </DialogsProvider>
  );
}

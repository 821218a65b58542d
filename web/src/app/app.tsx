import type { DataRouter } from 'react-router-dom';
import { AppProvider } from './provider';
import { AppRouter } from './router';

/** The whole app around one router: the browser's in main.tsx, a memory router when prerendering (prerender.tsx). */
export function App({ router }: { router: DataRouter }) {
  return (
    <AppProvider>
      <AppRouter router={router} />
    </AppProvider>
  );
}

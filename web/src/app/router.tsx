import { type DataRouter, matchRoutes, type RouteObject, RouterProvider } from 'react-router-dom';
import { paths } from '@/config/paths';
import { RootLayout } from './routes/root';
import { RootErrorBoundary } from './routes/root-error-boundary';

/**
 * Every page is its own lazily loaded module (route-level code splitting). Route modules export
 * `Component` (and optionally `ErrorBoundary`), the shape react-router's `lazy` expects.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RootErrorBoundary,
    HydrateFallback: () => null,
    children: [
      { path: paths.home, lazy: () => import('./routes/landing') },
      { path: paths.login, lazy: () => import('./routes/auth/login') },
      { path: paths.register, lazy: () => import('./routes/auth/register') },
      { path: paths.forgotPassword, lazy: () => import('./routes/auth/forgot-password') },
      { path: paths.resetPassword, lazy: () => import('./routes/auth/reset-password') },
      { path: paths.verifyEmail, lazy: () => import('./routes/auth/verify-email') },
      { path: paths.pricing, lazy: () => import('./routes/pricing') },
      { path: paths.terms, lazy: () => import('./routes/legal/terms') },
      { path: paths.privacy, lazy: () => import('./routes/legal/privacy') },
      { path: paths.shared, lazy: () => import('./routes/shared') },
      {
        // Signed-in area: the guard and the header layout.
        lazy: () => import('./routes/app/root'),
        children: [
          { path: paths.prompts, lazy: () => import('./routes/app/prompts') },
          { path: paths.evaluate, lazy: () => import('./routes/app/evaluate') },
          { path: paths.stats, lazy: () => import('./routes/app/stats') },
          { path: paths.overview, lazy: () => import('./routes/app/overview') },
          { path: paths.library, lazy: () => import('./routes/app/library') },
          { path: paths.libraryPrompt, lazy: () => import('./routes/app/library-prompt') },
          { path: paths.contextLibrary, lazy: () => import('./routes/app/context-library') },
          { path: paths.account, lazy: () => import('./routes/app/account') },
          { path: paths.apiKeys, lazy: () => import('./routes/app/api-keys') },
          { path: paths.apiReference, lazy: () => import('./routes/app/api-reference') },
          { path: paths.connections, lazy: () => import('./routes/app/connections') },
          { path: paths.activity, lazy: () => import('./routes/app/activity') },
          { path: paths.review, lazy: () => import('./routes/app/review') },
          { path: paths.webhooks, lazy: () => import('./routes/app/webhooks') },
          { path: paths.teams, lazy: () => import('./routes/app/teams') },
          { path: paths.team, lazy: () => import('./routes/app/team') },
          { path: paths.invite, lazy: () => import('./routes/app/invite') },
        ],
      },
      // The control center has its own header; its module applies the admin guard.
      { path: paths.admin, lazy: () => import('./routes/app/admin') },
      { path: '*', lazy: () => import('./routes/not-found') },
    ],
  },
];

/**
 * Loads the route modules a path needs and puts them in place of their `lazy`, so a router made
 * afterwards renders the page at once instead of its HydrateFallback: hydrating a prerendered page
 * must render the same markup the build did (docs/architecture.md, "Prerendered pages").
 */
export async function loadRoutesFor(pathname: string): Promise<void> {
  const pending = (matchRoutes(routes, pathname) ?? []).filter((match) => typeof match.route.lazy === 'function');
  await Promise.all(
    pending.map(async ({ route }) => {
      const load = route.lazy as () => Promise<Partial<RouteObject>>;
      Object.assign(route, await load(), { lazy: undefined });
    }),
  );
}

export function AppRouter({ router }: { router: DataRouter }) {
  return <RouterProvider router={router} />;
}

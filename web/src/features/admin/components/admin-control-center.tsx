import { type ReactNode, useCallback, useDeferredValue, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { LibraryCategory } from '@shared/contract/admin';
import type { User } from '@shared/contract/auth';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useLibraryCategories } from '@/lib/api/get-library-categories';
import { ApiError } from '@/lib/api-client';
import { useAdminPrompts } from '../api/get-admin-prompts';
import { useAdminUsers } from '../api/get-admin-users';
import { ADMIN_TEXT } from '../utils/messages';
import { AdminHeader } from './admin-header';
import { AdminSidebar } from './admin-sidebar';
import { ADMIN_TABS, type AdminTab, DEFAULT_TAB, PANEL_ID, parseTab, tabId } from './admin-tabs';
import { CategoriesPanel } from './categories-panel';
import { CategoryDialog } from './category-dialog';
import { PromptsPanel } from './prompts-panel';
import { UnderConstruction } from './under-construction';
import { UserDialog } from './user-dialog';
import { UsersPanel } from './users-panel';
import './admin.css';

export interface AdminControlCenterProps {
  /** The signed-in admin's id (marked 'You' among the users). */
  currentUserId: string | undefined;
  /** Where 'Back to app' leads. */
  appPath: string;
  onLogout: () => void;
  /** The signed-in admin's own account was changed here (tier or role): refresh the session. */
  onCurrentUserChanged?: (user: User) => void;
}

type CategoryDialogState = { category?: LibraryCategory } | null;
type UserDialogState = { user?: User } | null;

/**
 * /admin (docs/product.md): its own header, a sidebar of five tabs and the selected tab's panel.
 * Prompts, categories and users load in parallel; the data tabs wait for all three. Prompts and
 * users come a page at a time ('Load more'), searched on the server. The selected
 * tab lives in the address (?tab=users) so a reload or a shared link keeps it; changing tab
 * clears the search text.
 */
export function AdminControlCenter({ currentUserId, appPath, onLogout, onCurrentUserChanged }: AdminControlCenterProps) {
  const [params, setParams] = useSearchParams();
  const tab = parseTab(params.get('tab'));
  const [query, setQuery] = useState('');
  const [categoryDialog, setCategoryDialog] = useState<CategoryDialogState>(null);
  const [userDialog, setUserDialog] = useState<UserDialogState>(null);

  // The lists are paged: their search runs on the server (every row, not only the loaded pages).
  const search = useDeferredValue(query);
  const prompts = useAdminPrompts(tab === 'prompts' ? search : '');
  const categories = useLibraryCategories();
  const users = useAdminUsers(tab === 'users' ? search : '');
  const queries = [prompts, categories, users];

  const selectTab = (next: AdminTab) => {
    if (next === tab) return;
    setQuery('');
    setParams(next === DEFAULT_TAB ? {} : { tab: next }, { replace: true });
  };

  // A load failure only counts while there is no data to show (a failed background reload keeps the tables).
  const failed = queries.filter((q) => q.isError && q.data === undefined);
  const retrying = failed.some((q) => q.isFetching);
  const loading = queries.some((q) => q.isPending) && (failed.length === 0 || retrying);
  const retry = () => failed.forEach((q) => void q.refetch());
  const detail = failed.map((q) => (q.error instanceof ApiError ? q.error.detail : undefined)).find(Boolean);

  const openCreateCategory = useCallback(() => setCategoryDialog({}), []);
  const openEditCategory = useCallback((category: LibraryCategory) => setCategoryDialog({ category }), []);
  const openCreateUser = useCallback(() => setUserDialog({}), []);
  const openEditUser = useCallback((user: User) => setUserDialog({ user }), []);
  const onUserSaved = useCallback(
    (user: User) => {
      if (user.id === currentUserId) onCurrentUserChanged?.(user);
    },
    [currentUserId, onCurrentUserChanged],
  );

  const label = ADMIN_TABS.find((t) => t.value === tab)?.label ?? '';
  const dataTab = tab === 'prompts' || tab === 'categories' || tab === 'users';

  let content: ReactNode;
  if (!dataTab) {
    content = <UnderConstruction tab={label} />;
  } else if (loading) {
    content = (
      <div className="admin-state" role="status">
        <Spinner size="lg" />
        <p>{ADMIN_TEXT.loading}</p>
      </div>
    );
  } else if (failed.length > 0 || !prompts.data || !categories.data || !users.data) {
    content = (
      <div className="admin-state">
        <Alert
          className="admin-state__alert"
          action={
            <Button variant="secondary" size="sm" onClick={retry}>
              {ADMIN_TEXT.retry}
            </Button>
          }
        >
          <p className="admin-state__error">{ADMIN_TEXT.loadError}</p>
          {detail && detail !== ADMIN_TEXT.loadError ? <p className="admin-state__detail">{detail}</p> : null}
        </Alert>
      </div>
    );
  } else if (tab === 'prompts') {
    content = <PromptsPanel prompts={prompts.data} more={prompts} query={query} onQueryChange={setQuery} />;
  } else if (tab === 'categories') {
    content = <CategoriesPanel categories={categories.data} query={query} onQueryChange={setQuery} onCreate={openCreateCategory} onEdit={openEditCategory} />;
  } else {
    content = (
      <UsersPanel
        users={users.data}
        more={users}
        currentUserId={currentUserId}
        query={query}
        onQueryChange={setQuery}
        onCreate={openCreateUser}
        onEdit={openEditUser}
        onCurrentUserChanged={onCurrentUserChanged}
      />
    );
  }

  return (
    <div className="admin-shell">
      <title>{`${label} · Control Center · Construct`}</title>
      <a className="skip-link" href="#admin-main">
        Skip to content
      </a>
      <AdminHeader appPath={appPath} onLogout={onLogout} />
      <main id="admin-main" className="admin-layout" tabIndex={-1}>
        <div className="admin-intro">
          <h1 className="admin-intro__title">Control Center</h1>
          <p className="admin-intro__subtitle">Curate the prompt library and manage who uses Construct.</p>
        </div>
        <AdminSidebar
          value={tab}
          onValueChange={selectTab}
          counts={{ prompts: prompts.data?.length, categories: categories.data?.length, users: users.data?.length }}
        />
        <section id={PANEL_ID} role="tabpanel" aria-labelledby={tabId(tab)} className="admin-panel">
          {content}
        </section>
      </main>
      {categoryDialog ? <CategoryDialog category={categoryDialog.category} onClose={() => setCategoryDialog(null)} /> : null}
      {userDialog ? (
        <UserDialog
          user={userDialog.user}
          isCurrent={userDialog.user !== undefined && userDialog.user.id === currentUserId}
          onSaved={onUserSaved}
          onClose={() => setUserDialog(null)}
        />
      ) : null}
    </div>
  );
}

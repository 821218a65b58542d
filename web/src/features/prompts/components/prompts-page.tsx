import { useMutationState, useQueryClient } from '@tanstack/react-query';
import { ChartColumn } from 'lucide-react';
import { type ReactNode, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Prompt } from '@shared/contract/prompts';
import { limitMessage, planLimits, type Tier } from '@shared/tiers';
import { ContentLayout } from '@/components/layouts/content-layout';
import { buttonClassName } from '@/components/ui/button';
import { useDialogs } from '@/components/ui/use-dialogs';
import { paths } from '@/config/paths';
import { useCategories } from '@/lib/api/get-categories';
import { promptsQueryOptions, usePrompts } from '@/lib/api/get-prompts';
import { useReadOnlyReason } from '@/lib/api/get-teams';
import { setCurrentWorkspace, useCurrentWorkspaceId } from '@/lib/current-workspace';
import { mutationKeys } from '@/lib/query-keys';
import { useKeyShortcut } from '@/lib/shortcuts';
import { limitLink, usageLimitNote } from '@/lib/tiers';
import { useCreatePrompt } from '../api/create-prompt';
import { useDeletePrompt } from '../api/delete-prompt';
import { useEnhancePrompt } from '../api/enhance-prompt';
import { useToggleFavorite } from '../api/update-prompt';
import { filterPrompts, indexPrompts, plural, promptStats } from '../utils/filter-prompts';
import { focusPromptCard } from '../utils/focus-card';
import { ALERT, CONFIRM, failureText, TEXT } from '../utils/messages';
import { SAMPLE_PROMPT } from '../utils/sample-prompt';
import { CategoryManager } from './category-manager';
import { LibraryUpdateDialog } from './library-update-dialog';
import { type EditorSession, PromptEditor } from './prompt-editor';
import { PromptGrid } from './prompt-grid';
import { PromptStats } from './prompt-stats';
import { PromptsEmpty } from './prompts-empty';
import { PromptsError } from './prompts-error';
import { PromptsLoading } from './prompts-loading';
import { PromptsNoResults } from './prompts-no-results';
import { PromptsSidebar } from './prompts-sidebar';
import { PromptsToolbar } from './prompts-toolbar';
import { PromptsTransfer } from './prompts-transfer';
import { PublishDialog } from './publish-dialog';
import { ShareDialog } from './share-dialog';
import { UseFromCodeDialog } from './use-from-code-dialog';
import { VersionHistory } from './version-history';
import './prompts.css';

export interface PromptsPageProps {
  /** The signed-in user's tier: it sets max_prompts and max_categories (unknown → 0). */
  accessTier: Tier | null | undefined;
  /** 'Open' on a card: the route shows the prompt in the workbench. */
  onOpenPrompt: (prompt: Prompt) => void;
  /** The signed-in user is an admin: each card then offers 'Publish to Library' (docs/decisions.md, Product). */
  isAdmin?: boolean;
}

/**
 * My Prompts (docs/product.md): sidebar (create, categories, manage), toolbar (search, Favorites Only),
 * stats, and the prompt cards, with the editor and category manager modals.
 */
export function PromptsPage({ accessTier, onOpenPrompt, isAdmin = false }: PromptsPageProps) {
  const queryClient = useQueryClient();
  const workspace = useCurrentWorkspaceId();
  // A team's viewer reads, copies and runs; nothing here offers them a change (the reason is shown instead).
  const readOnly = useReadOnlyReason();
  const { confirm, alert } = useDialogs();
  const promptsQuery = usePrompts();
  const categoriesQuery = useCategories();
  const limits = planLimits(accessTier);
  const prompts = promptsQuery.data?.prompts;
  const categories = categoriesQuery.data;

  // The search and filters live in the address (?q=, ?category=<id>, ?favorites=1): a reload, a
  // shared link or Back keeps them. Typing replaces the entry rather than adding one per key.
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const categoryId = params.get('category');
  const favoritesOnly = params.get('favorites') === '1';
  const setParam = useCallback(
    (key: 'q' | 'category' | 'favorites' | 'reviews', value: string | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) next.set(key, value);
          else next.delete(key);
          return next;
        },
        // Synchronously: the search box shows this value, and a navigation left to a transition
        // would lag behind fast typing and drop keys.
        { replace: true, flushSync: true },
      ),
    [setParams],
  );
  const setSearch = useCallback((value: string) => setParam('q', value), [setParam]);
  const setCategoryId = useCallback((id: string | null) => setParam('category', id), [setParam]);
  const setFavoritesOnly = useCallback((on: boolean) => setParam('favorites', on ? '1' : null), [setParam]);
  const [managerOpen, setManagerOpen] = useState(false);
  const [publishing, setPublishing] = useState<Prompt | null>(null);
  const [sharing, setSharing] = useState<Prompt | null>(null);
  const [coding, setCoding] = useState<Prompt | null>(null);
  // A review mail links to `?workspace=<team>&reviews=<prompt id>`: that team's prompt, its reviews open.
  const linkedTeam = params.get('workspace');
  useEffect(() => {
    if (linkedTeam) setCurrentWorkspace(linkedTeam);
  }, [linkedTeam]);
  const reviewsOf = params.get('reviews');
  const reviewing = reviewsOf ? prompts?.find((p) => p.id === reviewsOf) : undefined;
  // Open editors, first shown; an enhancement finishing while one is open waits its turn.
  const [editors, setEditors] = useState<EditorSession[]>([]);
  const nextEditorKey = useRef(1);

  // A selected category that no longer exists (deleted) falls back to All Prompts.
  const selectedCategory = categoryId ? categories?.find((c) => c.id === categoryId) : undefined;
  const staleCategory = Boolean(categoryId && categories && !selectedCategory);
  useEffect(() => {
    if (staleCategory) setCategoryId(null);
  }, [staleCategory, setCategoryId]);

  // Typing stays responsive with hundreds of prompts: filtering follows a deferred copy of the
  // search over a list lower-cased once per fetch.
  const deferredSearch = useDeferredValue(search);
  const indexed = useMemo(() => indexPrompts(prompts ?? []), [prompts]);
  const categoryName = selectedCategory?.name ?? null;
  const visible = useMemo(
    () => filterPrompts(indexed, { search: deferredSearch, categoryName, favoritesOnly }),
    [indexed, deferredSearch, categoryName, favoritesOnly],
  );
  const stats = useMemo(() => promptStats(prompts ?? []), [prompts]);

  const maxPrompts = limits.max_prompts;
  const atLimit = prompts !== undefined && maxPrompts !== null && prompts.length >= maxPrompts;
  const limitNote = atLimit ? limitMessage('max_prompts', maxPrompts) : null;
  // A new prompt's Save is held before the request once the count reaches the limit (another tab may have added one).
  const saveHeldBy = usageLimitNote(accessTier, 'max_prompts', prompts?.length);

  const openEditor = useCallback((session: Omit<EditorSession, 'key'>, queue = false) => {
    const next = { ...session, key: nextEditorKey.current++ };
    setEditors((list) => (queue ? [...list, next] : [next]));
  }, []);
  const closeEditor = useCallback((key: number) => setEditors((list) => list.filter((s) => s.key !== key)), []);

  // docs/product.md, Limits: opening the editor is blocked with an alert at the plan's max_prompts.
  const onCreate = useCallback(() => {
    if (readOnly) return;
    if (limitNote) {
      void alert(limitNote, { link: { to: paths.pricing, label: 'See plans' } });
      return;
    }
    openEditor({ prompt: null, categoryId });
  }, [readOnly, limitNote, openEditor, categoryId, alert]);

  const onEdit = useCallback((prompt: Prompt) => openEditor({ prompt }), [openEditor]);

  // A card to focus once it is shown (the sample just added).
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (focusId && focusPromptCard(focusId)) setFocusId(null);
  });

  // 'Add a sample prompt' (empty workspace): saves the sample, then focuses its card.
  const createSample = useCreatePrompt();
  const onAddSample = async () => {
    try {
      const created = await createSample.mutateAsync(SAMPLE_PROMPT);
      setFocusId(created.id);
    } catch (failure) {
      void alert(ALERT.save(failure), limitLink(failureText(failure, '')));
    }
  };

  // Keyboard: '/' focuses the search box, 'n' opens a new prompt (not while typing or in a dialog).
  const searchRef = useRef<HTMLInputElement>(null);
  const focusSearch = useCallback(() => {
    searchRef.current?.focus();
    searchRef.current?.select();
  }, []);
  useKeyShortcut('search', focusSearch);
  useKeyShortcut('newPrompt', onCreate);

  const toggleFavorite = useToggleFavorite();
  const onToggleFavorite = useCallback((prompt: Prompt) => toggleFavorite.mutate({ id: prompt.id, is_favorite: !prompt.is_favorite }), [toggleFavorite.mutate]);

  const { mutateAsync: enhance } = useEnhancePrompt();
  const enhancingIds = useMutationState({
    filters: { mutationKey: mutationKeys.enhancePrompt, status: 'pending' },
    select: (mutation) => (mutation.state.variables as { promptId: string } | undefined)?.promptId,
  });
  const onEnhance = useCallback(
    async (prompt: Prompt) => {
      if (!(await confirm(CONFIRM.enhance, { confirmLabel: 'Enhance' }))) return;
      try {
        const { enhanced_body, engine } = await enhance({ promptId: prompt.id, body: prompt.body });
        // Edit the prompt as it is now (it may have changed meanwhile), with the enhanced body as an unsaved draft.
        const current = queryClient.getQueryData(promptsQueryOptions(workspace).queryKey)?.prompts.find((p) => p.id === prompt.id) ?? prompt;
        openEditor({ prompt: current, draftBody: enhanced_body, draftEngine: engine }, true);
      } catch (failure) {
        void alert(ALERT.enhance(failure));
      }
    },
    [enhance, openEditor, queryClient, workspace, confirm, alert],
  );

  const { mutateAsync: deletePrompt } = useDeletePrompt();
  const deletingIds = useMutationState({
    filters: { mutationKey: mutationKeys.deletePrompt, status: 'pending' },
    select: (mutation) => mutation.state.variables as string | undefined,
  });
  const onDelete = useCallback(
    async (prompt: Prompt) => {
      if (!(await confirm(CONFIRM.deleteInList, { confirmLabel: 'Delete', danger: true }))) return;
      try {
        await deletePrompt(prompt.id);
      } catch (failure) {
        void alert(ALERT.delete(failure));
      }
    },
    [deletePrompt, confirm, alert],
  );

  const [libraryUpdate, setLibraryUpdate] = useState<Prompt | null>(null);
  const closeLibraryUpdate = useCallback(() => setLibraryUpdate(null), []);

  const onPublish = useCallback((prompt: Prompt) => setPublishing(prompt), []);
  const closePublish = useCallback(() => setPublishing(null), []);
  const onShare = useCallback((prompt: Prompt) => setSharing(prompt), []);
  const closeShare = useCallback(() => setSharing(null), []);

  const clearFilters = () => setParams(new URLSearchParams(), { replace: true });

  const editor = editors[0];
  const filtered = deferredSearch.trim() !== '' || categoryName !== null || favoritesOnly;

  let results: ReactNode;
  if (promptsQuery.isPending) results = <PromptsLoading />;
  else if (promptsQuery.isError) results = <PromptsError onRetry={() => void promptsQuery.refetch()} retrying={promptsQuery.isFetching} />;
  else if (indexed.length === 0)
    results = <PromptsEmpty onCreate={onCreate} onAddSample={() => void onAddSample()} addingSample={createSample.isPending} readOnly={readOnly} />;
  else {
    results = (
      <>
        <PromptsToolbar
          searchRef={searchRef}
          search={search}
          onSearchChange={setSearch}
          favoritesOnly={favoritesOnly}
          onFavoritesOnlyChange={setFavoritesOnly}
        />
        <PromptStats stats={stats} maxPrompts={maxPrompts} />
        <div className="prompts-results__header">
          <h2 className="prompts-results__title">{categoryName ?? TEXT.allPrompts}</h2>
          <p className="prompts-results__count" role="status">
            {filtered ? `Showing ${visible.length} of ${plural(indexed.length, 'prompt', 'prompts')}` : plural(indexed.length, 'prompt', 'prompts')}
          </p>
        </div>
        {visible.length === 0 ? (
          <PromptsNoResults onClear={clearFilters} />
        ) : (
          <PromptGrid
            items={visible}
            filterKey={`${deferredSearch}\u0000${categoryName ?? ''}\u0000${favoritesOnly}`}
            enhancingIds={enhancingIds}
            deletingIds={deletingIds}
            onToggleFavorite={onToggleFavorite}
            onEnhance={onEnhance}
            onEdit={onEdit}
            onDelete={onDelete}
            onOpen={onOpenPrompt}
            onPublish={isAdmin ? onPublish : undefined}
            onShare={onShare}
            onLibraryUpdate={setLibraryUpdate}
            onUseFromCode={setCoding}
            readOnly={readOnly !== null}
          />
        )}
      </>
    );
  }

  return (
    <ContentLayout
      title="My Prompts"
      description="Write, organise and refine the prompts you reuse."
      actions={
        <>
          <Link to={paths.overview} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
            <ChartColumn aria-hidden="true" /> Overview
          </Link>
          <PromptsTransfer readOnly={readOnly !== null} />
        </>
      }
    >
      <div className="prompts-layout">
        <PromptsSidebar
          total={prompts?.length}
          categories={categories}
          categoriesError={categoriesQuery.isError}
          selectedCategoryId={selectedCategory ? categoryId : null}
          onSelectCategory={setCategoryId}
          limitNote={limitNote}
          onCreate={onCreate}
          onManage={() => setManagerOpen(true)}
          readOnly={readOnly}
        />
        <section className="prompts-main" aria-label="Your prompts">
          {results}
        </section>
      </div>

      {editor ? (
        <PromptEditor
          key={editor.key}
          session={editor}
          categories={categories}
          saveHeldBy={editor.prompt ? null : saveHeldBy}
          onClose={() => closeEditor(editor.key)}
        />
      ) : null}
      {isAdmin ? <PublishDialog prompt={publishing} onClose={closePublish} /> : null}
      <ShareDialog prompt={sharing} onClose={closeShare} />
      {/* A review mail links here (?reviews=<prompt id>): the prompt's reviews open over the list. */}
      {reviewing ? <VersionHistory prompt={reviewing} tab="reviews" onClose={() => setParam('reviews', null)} onRestored={() => undefined} /> : null}
      {coding ? <UseFromCodeDialog prompt={coding} onClose={() => setCoding(null)} /> : null}
      <LibraryUpdateDialog prompt={libraryUpdate} onClose={closeLibraryUpdate} />
      <CategoryManager open={managerOpen} onOpenChange={setManagerOpen} maxCategories={limits.max_categories} />
    </ContentLayout>
  );
}

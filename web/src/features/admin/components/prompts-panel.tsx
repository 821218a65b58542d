import { useCallback, useState } from 'react';
import type { AdminPrompt } from '@shared/contract/admin';
import type { Tier } from '@shared/tiers';
import { useToast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';
import { mutationKeys } from '@/lib/query-keys';
import { useDeleteAdminPrompt } from '../api/delete-admin-prompt';
import { type PromptTierChange, useUpdatePromptTier } from '../api/update-prompt-tier';
import { CONFIRM, FAILURE, SEARCH_PLACEHOLDER, SUCCESS } from '../utils/messages';
import { useSearchedRows } from '../utils/search';
import { type AdminColumn, AdminTable } from './admin-table';
import { EmptyRows } from './empty-rows';
import { LibraryPromptDialog } from './library-prompt-dialog';
import { LoadMore, type MoreRows } from './load-more';
import { PanelHeader } from './panel-header';
import { PromptRow } from './prompt-row';
import { useConfirmedDelete } from './use-confirmed-delete';
import { usePending } from './use-pending';
import './admin-table.css';

const COLUMNS: AdminColumn[] = [
  { header: 'Title', className: 'admin-col--title' },
  { header: 'Category', className: 'admin-col--category' },
  { header: 'Owner Email', className: 'admin-col--email' },
  { header: 'Access Tier', className: 'admin-col--tier' },
  { header: 'Actions', className: 'admin-col--actions', hiddenHeader: true },
];

const promptTitle = (prompt: AdminPrompt) => prompt.title;

const changeId = (change: PromptTierChange) => change.id;

const promptId = (prompt: Pick<AdminPrompt, 'id'>) => prompt.id;

export interface PromptsPanelProps {
  /** 'Load more' of the paged list. */
  more: MoreRows;
  prompts: readonly AdminPrompt[];
  query: string;
  onQueryChange: (query: string) => void;
}

/** Prompts tab: the library prompts, searched by title; the tier saves on change, Edit opens the text, delete asks first. */
export function PromptsPanel({ prompts, more, query, onQueryChange }: PromptsPanelProps) {
  const { toast } = useToast();
  const { rows, total } = useSearchedRows(prompts, query, promptTitle);
  const { mutateAsync: saveTier } = useUpdatePromptTier();
  const { mutateAsync: deletePrompt } = useDeleteAdminPrompt();
  const pendingTiers = usePending(mutationKeys.admin.promptTier, changeId);
  const deleting = usePending(mutationKeys.admin.deletePrompt, promptId);
  const [editing, setEditing] = useState<string | null>(null);
  const onEdit = useCallback((prompt: AdminPrompt) => setEditing(prompt.id), []);

  const onTierChange = useCallback(
    async (prompt: AdminPrompt, access_tier: Tier) => {
      try {
        await saveTier({ id: prompt.id, access_tier });
        toast({ variant: 'success', title: SUCCESS.tierUpdated });
      } catch (error) {
        toast({ variant: 'error', title: errorMessage(error, FAILURE.updateTier) });
      }
    },
    [saveTier, toast],
  );

  const onDelete = useConfirmedDelete((prompt: AdminPrompt) => deletePrompt(prompt), {
    confirm: CONFIRM.deletePrompt,
    success: SUCCESS.promptDeleted,
    failure: FAILURE.deletePrompt,
  });

  return (
    <>
      <PanelHeader
        title="Prompts"
        description="Every prompt in the public library. The access tier decides who can open it."
        search={{ placeholder: SEARCH_PLACEHOLDER.prompts, value: query, onValueChange: onQueryChange }}
        shown={rows.length}
        total={total}
        noun={['prompt', 'prompts']}
      />
      <AdminTable
        caption="Library prompts"
        className="admin-table--prompts"
        columns={COLUMNS}
        rows={rows}
        empty={<EmptyRows query={query} noun="prompts" emptyText="The library has no prompts yet." />}
        renderRow={(prompt, rowIndex) => (
          <PromptRow
            key={prompt.id}
            prompt={prompt}
            rowIndex={rowIndex}
            pendingTier={pendingTiers.get(prompt.id)?.access_tier}
            deleting={deleting.has(prompt.id)}
            onTierChange={onTierChange}
            onEdit={onEdit}
            onDelete={onDelete}
          />
        )}
      />
      <LoadMore more={more} noun="prompts" empty={rows.length === 0} />
      {editing ? <LibraryPromptDialog id={editing} onClose={() => setEditing(null)} /> : null}
    </>
  );
}

import { breaksExamplesText } from '@shared/examples';
/** The texts of My Prompts as docs/product.md gives them (screen, dialogs, limits), written once. */
export const TEXT = {
  /** The editor's warning before saving a version under which examples no longer fit (issue 29). */
  breaksExamples: (count: number) =>
    `This version ${breaksExamplesText(count)}: their inputs no longer fit its variables (edit them on the prompt's Evaluate page).`,
  discardChanges: 'Discard your unsaved changes? What you typed will be lost.',
  loading: 'Loading Your Prompts...',
  emptyTitle: 'Your Workspace is Ready',
  createFirst: 'Create First Prompt',
  startFromLibrary: 'Start from the Library',
  addSample: 'Add a sample prompt',
  noResults: 'No Prompts Found',
  loadErrorTitle: 'Could Not Load Prompts',
  loadError: 'Could not load your prompts. Please try again later.',
  createNew: 'Create New Prompt',
  allPrompts: 'All Prompts',
  favoritesOnly: 'Favorites Only',
  newPrompt: 'New Prompt',
  editPrompt: 'Edit Prompt',
  viewPrompt: 'View Prompt',
  manageCategories: 'Manage Categories',
  categoryLimitReached: 'Category limit reached',
  publishToLibrary: 'Publish to Library',
  share: 'Share',
} as const;

export const CONFIRM = {
  deleteInEditor: 'Delete this prompt? This cannot be undone.',
  deleteInList: 'Are you sure you want to delete this prompt? This action is permanent.',
  deleteCategory: 'Delete this category? Prompts will remain uncategorized.',
  enhance: 'This will use AI to attempt to improve your prompt. Proceed?',
  restoreOverUnsaved: 'Restoring replaces the unsaved changes in the editor with that version. Continue?',
} as const;

export const FALLBACK = {
  savePrompt: 'Failed to save prompt',
  deletePrompt: 'Failed to delete prompt',
  createCategory: 'Failed to create category',
  updateCategory: 'Failed to update category',
  deleteCategory: 'Failed to delete category',
  publish: 'Failed to publish prompt.',
  share: 'Could not create the link. Please try again.',
  unshare: 'Could not stop sharing. Please try again.',
} as const;

export const SUCCESS = {
  published: (title: string) => `Published "${title}" to the library.`,
  linkCopied: 'Link copied to clipboard',
  unshared: (title: string) => `"${title}" is no longer shared; its link no longer opens.`,
} as const;

/** The message of a failure: the server's detail (ApiError's message), else the error's own message, else `fallback`. */
export function failureText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The alerts of My Prompts (docs/product.md). */
export const ALERT = {
  save: (error: unknown) => `Error saving prompt: ${failureText(error, FALLBACK.savePrompt)}`,
  delete: (error: unknown) => `Failed to delete prompt: ${failureText(error, FALLBACK.deletePrompt)}`,
  enhance: (error: unknown) => `AI Enhancement failed: ${failureText(error, 'Unknown error')}`,
  favorite: 'Failed to update favorite status. Reverting changes.',
} as const;

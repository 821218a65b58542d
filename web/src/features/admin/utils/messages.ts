/** Every user-facing text of the control center that docs/product.md fixes, in one place. */
export const ADMIN_TEXT = {
  welcome: 'Welcome, Admin',
  loading: 'Loading Control Center...',
  loadError: 'Failed to fetch platform data. You may not be authorized.',
  retry: 'Retry',
  uncategorized: 'Uncategorized',
  underConstruction: (tab: string) => `Content for ${tab} is under construction.`,
} as const;

export const SEARCH_PLACEHOLDER = {
  prompts: 'Search prompts...',
  categories: 'Search categories...',
  users: 'Search users by email...',
} as const;

export const CONFIRM = {
  deletePrompt: 'Delete this prompt? This action is permanent.',
  deleteCategory: 'Delete this category? This will not delete its prompts, but will unassign them.',
  deleteUser: 'Delete this user? This action is permanent.',
} as const;

export const SUCCESS = {
  tierUpdated: 'Prompt tier updated.',
  promptDeleted: 'Prompt deleted.',
  categoryCreated: 'Category created successfully.',
  categoryUpdated: 'Category updated successfully.',
  categoryDeleted: 'Category deleted.',
  userCreated: 'User created successfully.',
  userUpdated: 'User updated successfully.',
  userDeleted: 'User deleted.',
} as const;

/** Shown when a failed call carries no detail of its own. */
export const FAILURE = {
  updateTier: 'Failed to update tier.',
  deletePrompt: 'Failed to delete prompt.',
  createCategory: 'Failed to create category.',
  updateCategory: 'Failed to update category.',
  deleteCategory: 'Failed to delete category.',
  createUser: 'Failed to create user.',
  updateUser: 'Failed to update user.',
  deleteUser: 'Failed to delete user.',
} as const;

/** Why the signed-in admin's own admin switch is disabled (the server refuses it with the same words). */
export const OWN_ADMIN_REASON = 'You cannot remove your own admin status.';

/** 'Edit Library Prompt' (the dialog and its form). */
export const LIBRARY_PROMPT_TEXT = {
  saved: 'Library prompt updated. Copies in My Prompts now offer the update.',
  failed: 'Failed to update the library prompt.',
  loadFailed: 'Could not load this library prompt.',
  discard: 'Discard your changes to this library prompt?',
} as const;

/** The Test suite tab of 'Edit Library Prompt'. */
export const LIBRARY_SUITE_TEXT = {
  intro: 'Checks and examples copies start with. Saved on their own: copies in My Prompts take new ones in with their next library update, and keep their own.',
  saved: 'Test suite saved.',
  failed: 'Failed to save the test suite.',
  loadFailed: 'Could not load the test suite.',
} as const;

import type { Member } from '@shared/contract/teams';

/** How a role is named on screen, and what it allows (docs/product.md, "Teams"). */
export const ROLE_LABELS: Record<Member['role'], string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };

export const ROLE_HINTS: Record<Member['role'], string> = {
  owner: 'everything, including members, invitations, renaming and deleting the team',
  editor: "changes the team's prompts, categories and snippets",
  viewer: 'reads and uses them',
};

export const FALLBACK = 'Something went wrong. Please try again.';

import { FileText, Folder, LayoutDashboard, type LucideIcon, Settings, Users } from 'lucide-react';

export type AdminTab = 'prompts' | 'categories' | 'users' | 'dashboard' | 'settings';

export interface AdminTabItem {
  value: AdminTab;
  /** The tab's visible text and accessible name (docs/product.md). */
  label: string;
  icon: LucideIcon;
}

export const ADMIN_TABS: readonly AdminTabItem[] = [
  { value: 'prompts', label: 'Prompts', icon: FileText },
  { value: 'categories', label: 'Categories', icon: Folder },
  { value: 'users', label: 'Users', icon: Users },
  { value: 'dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { value: 'settings', label: 'Settings', icon: Settings },
];

export const DEFAULT_TAB: AdminTab = 'prompts';

/** The tab named in the address (?tab=users), else the first. */
export function parseTab(value: string | null): AdminTab {
  return ADMIN_TABS.find((tab) => tab.value === value)?.value ?? DEFAULT_TAB;
}

export const tabId = (tab: AdminTab) => `admin-tab-${tab}`;
export const PANEL_ID = 'admin-panel';

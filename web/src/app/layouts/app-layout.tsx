import type { ReactNode } from 'react';
import { KeyboardShortcutsDialog } from '@/components/keyboard-shortcuts';
import { SiteShell } from '@/components/layouts/site-shell';
import { VerifyEmailBanner } from '@/features/account/components/verify-banner';
import { useShortcutsOverlay } from '@/lib/shortcuts';
import { AppHeader } from './app-header';
import { TeamBanner } from './team-banner';
import './app-layout.css';

/** The signed-in area: the header over the page, and the keyboard shortcuts overlay ('?' opens it too). */
export function AppLayout({ children }: { children: ReactNode }) {
  const [shortcutsOpen, setShortcutsOpen] = useShortcutsOverlay();
  return (
    <>
      <SiteShell focusableMain header={<AppHeader onShortcuts={() => setShortcutsOpen(true)} />}>
        <VerifyEmailBanner />
        <TeamBanner />
        {children}
      </SiteShell>
      <KeyboardShortcutsDialog open={shortcutsOpen} onClose={() => setShortcutsOpen(false)} />
    </>
  );
}

import { ShortcutsDialog } from './shortcuts-dialog';
import './keyboard-shortcuts.css';

/**
 * The '?' overlay: every keyboard shortcut with its keys (Cmd on macOS, Ctrl elsewhere) and where
 * it works. A modal dialog; Escape closes it and focus goes back where it was.
 */
export function KeyboardShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return <ShortcutsDialog onClose={onClose} />;
}

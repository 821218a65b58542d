import { type RefObject, useState } from 'react';
import { useHotkeys } from 'react-hotkeys-hook';

/**
 * Keyboard shortcuts (react-hotkeys-hook). One table, so the '?' overlay, the aria-keyshortcuts
 * hints and the key bindings never disagree:
 *
 * - Single keys ('/', 'n', '?') never fire while typing in an input, textarea, select or
 *   contenteditable, with Ctrl, Cmd or Alt held, or while a dialog (or popover) is open.
 * - Modifier chords (Ctrl/Cmd+Enter, Ctrl/Cmd+Shift+C) belong to one dialog: they fire while
 *   focus is anywhere in it, its text fields included, and nowhere else. 'mod' is Cmd on macOS
 *   and Ctrl elsewhere, as react-hotkeys-hook reads it.
 */
export type ShortcutId = 'search' | 'newPrompt' | 'save' | 'copy' | 'help';

export interface Shortcut {
  /** The react-hotkeys-hook key string. */
  hotkey: string;
  /** The keys as shown, `mod` standing for Cmd or Ctrl. */
  keys: readonly string[];
  description: string;
  /** Where it works, for the overlay. */
  where: string;
}

export const SHORTCUTS: Record<ShortcutId, Shortcut> = {
  search: { hotkey: '/', keys: ['/'], description: 'Focus the search box', where: 'My Prompts, Library' },
  newPrompt: { hotkey: 'n', keys: ['N'], description: 'New prompt', where: 'My Prompts' },
  save: { hotkey: 'mod+enter', keys: ['mod', 'Enter'], description: 'Save the prompt', where: 'Prompt editor' },
  copy: { hotkey: 'mod+shift+c', keys: ['mod', 'Shift', 'C'], description: 'Copy the preview', where: 'Workbench' },
  help: { hotkey: '?', keys: ['?'], description: 'Show keyboard shortcuts', where: 'Everywhere when signed in' },
};

/** The order the overlay lists them in. */
export const SHORTCUT_ORDER: readonly ShortcutId[] = ['search', 'newPrompt', 'save', 'copy', 'help'];

/** macOS, as react-hotkeys-hook decides what 'mod' means (iPhone and iPad excluded). */
export function isMac(): boolean {
  if (typeof navigator === 'undefined') return false;
  return /mac/i.test(navigator.userAgent) && !/iphone|ipad|ipod/i.test(navigator.userAgent);
}

/** The keys of a shortcut as shown: 'mod' becomes Cmd on macOS, Ctrl elsewhere. */
export function shortcutKeys(id: ShortcutId, mac = isMac()): string[] {
  return SHORTCUTS[id].keys.map((key) => (key === 'mod' ? (mac ? 'Cmd' : 'Ctrl') : key));
}

/** The same, for aria-keyshortcuts (WAI-ARIA key names: Control, Meta, Shift, Enter...). */
export function ariaKeyShortcut(id: ShortcutId, mac = isMac()): string {
  return SHORTCUTS[id].keys.map((key) => (key === 'mod' ? (mac ? 'Meta' : 'Control') : key)).join('+');
}

/** The '?' overlay's open state, with '?' bound to open it. */
export function useShortcutsOverlay() {
  const [open, setOpen] = useState(false);
  useKeyShortcut('help', () => setOpen(true));
  return [open, setOpen] as const;
}

/** A modal dialog, alert dialog or popover is open: single-key shortcuts are off meanwhile. */
const overlayOpen = () => typeof document !== 'undefined' && document.querySelector('[role="dialog"], [role="alertdialog"]') !== null;

/**
 * Binds a single-key shortcut ('/', 'n', '?') to `action` while `enabled`. The key is matched by
 * the character it types (any keyboard layout: '?' may need Shift, '/' too on some layouts).
 */
export function useKeyShortcut(id: Extract<ShortcutId, 'search' | 'newPrompt' | 'help'>, action: () => void, enabled = true) {
  const symbol = !/^[a-z]$/i.test(SHORTCUTS[id].hotkey);
  useHotkeys(
    SHORTCUTS[id].hotkey,
    (event) => {
      event.preventDefault();
      action();
    },
    {
      enabled,
      useKey: true,
      // A letter needs exactly itself ('N' with Shift is not 'n'); a symbol may need Shift to be typed.
      ignoreModifiers: symbol,
      ignoreEventWhen: (event) => event.ctrlKey || event.metaKey || event.altKey || overlayOpen(),
    },
    [action],
  );
}

/**
 * Binds a modifier chord (Ctrl/Cmd+Enter, Ctrl/Cmd+Shift+C) to `action` while `enabled`, for key
 * presses inside the dialog holding `within` (text fields included).
 */
export function useChordShortcut(id: Extract<ShortcutId, 'save' | 'copy'>, action: () => void, within: RefObject<HTMLElement | null>, enabled = true) {
  useHotkeys(
    SHORTCUTS[id].hotkey,
    (event) => {
      event.preventDefault();
      if (!event.repeat) action();
    },
    {
      enabled,
      enableOnFormTags: true,
      enableOnContentEditable: true,
      ignoreEventWhen: (event) => {
        const scope = within.current?.closest('[role="dialog"]') ?? within.current;
        return !(scope && event.target instanceof Node && scope.contains(event.target));
      },
    },
    [action],
  );
}

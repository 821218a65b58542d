import { DialogCancel } from '@/components/ui/dialog-cancel';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { SHORTCUT_ORDER, SHORTCUTS, shortcutKeys } from '@/lib/shortcuts';
import './keyboard-shortcuts.css';

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  // Mounted on open, so the dialog remembers the element focused then (the '?' key has no trigger).
  return (
    <ModalDialog onClose={onClose} title="Keyboard shortcuts" description="Single keys work when you are not typing in a field." size="sm">
      <table className="shortcuts">
        <caption className="visually-hidden">Keyboard shortcuts</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">Action</th>
            <th scope="col">Keys</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUT_ORDER.map((id) => (
            <tr key={id} className="shortcuts__row">
              <th scope="row" className="shortcuts__action">
                {SHORTCUTS[id].description}
                <span className="shortcuts__where">{SHORTCUTS[id].where}</span>
              </th>
              <td className="shortcuts__keys">
                <kbd className="shortcuts__combo">
                  {shortcutKeys(id).map((key, i) => (
                    <span key={key}>
                      {i > 0 ? <span className="shortcuts__plus"> + </span> : null}
                      <kbd className="shortcuts__key">{key}</kbd>
                    </span>
                  ))}
                </kbd>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <DialogFooter>
        <DialogCancel>Done</DialogCancel>
      </DialogFooter>
    </ModalDialog>
  );
}

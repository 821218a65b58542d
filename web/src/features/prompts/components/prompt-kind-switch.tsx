import { FileText, MessagesSquare } from 'lucide-react';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import '@/components/chat/chat-editor.css';
import '@/components/ui/toggle-chip.css';

/** Text or Chat, for a new prompt: one body, or system, user and assistant messages. */
export function PromptKindSwitch({ field, disabled }: { field: UseFormRegisterReturn<'kind'>; disabled?: boolean }) {
  const labelId = useId();
  return (
    <div className="field">
      <span id={labelId} className="field__label">
        Kind
      </span>
      <div role="radiogroup" aria-labelledby={labelId} className="prompt-kind">
        <label className="toggle-chip prompt-kind__option">
          <input type="radio" value="text" disabled={disabled} {...field} />
          <FileText aria-hidden="true" width={16} height={16} />
          Text
        </label>
        <label className="toggle-chip prompt-kind__option">
          <input type="radio" value="chat" disabled={disabled} {...field} />
          <MessagesSquare aria-hidden="true" width={16} height={16} />
          Chat
        </label>
      </div>
    </div>
  );
}

import { useRef } from 'react';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useLibraryPromptText } from '../api/get-library-prompt-text';
import { LIBRARY_PROMPT_TEXT } from '../utils/messages';
import { LibraryPromptForm } from './library-prompt-form';

/**
 * 'Edit Library Prompt': title, body, tasks, industries and tier of a library prompt (its
 * category stays). Saving goes through the library's upsert, so copies in My Prompts see
 * 'Updated in library' when the title or body changed. Closing with changes asks first; a click
 * outside never closes it.
 */
export function LibraryPromptDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const text = useLibraryPromptText(id);
  // Escape and × go through the form's own Cancel (it asks when there are changes).
  const requestClose = useRef(onClose);
  return (
    <ModalDialog
      onClose={() => requestClose.current()}
      title="Edit Library Prompt"
      description="Users see the new text at once; copies in My Prompts offer the update."
      size="lg"
      onInteractOutside={(event) => event.preventDefault()}
    >
      {text.data ? (
        <LibraryPromptForm initial={text.data} onClose={onClose} requestClose={requestClose} />
      ) : text.isError ? (
        <p role="alert">{errorMessage(text.error, LIBRARY_PROMPT_TEXT.loadFailed)}</p>
      ) : (
        <p role="status">
          <Spinner size="sm" /> Loading the prompt...
        </p>
      )}
    </ModalDialog>
  );
}

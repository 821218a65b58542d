import { useRef } from 'react';
import { bodyOf } from '@shared/chat';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { Spinner } from '@/components/ui/spinner';
import { Tabs } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api-client';
import { useLibraryPromptText } from '../api/get-library-prompt-text';
import { LIBRARY_PROMPT_TEXT } from '../utils/messages';
import { LibraryPromptForm } from './library-prompt-form';
import { LibrarySuiteEditor } from './library-suite-editor';

/**
 * 'Edit Library Prompt': title, body, tasks, industries and tier of a library prompt (its
 * category stays), and on a tab of its own its test suite, saved apart. Saving the text goes
 * through the library's upsert, so copies in My Prompts see 'Updated in library' when the title or
 * body changed. Closing with changes on either tab asks first; a click outside never closes it.
 */
export function LibraryPromptDialog({ id, onClose }: { id: string; onClose: () => void }) {
  const text = useLibraryPromptText(id);
  // Escape and × go through the form's own Cancel (it asks when there are changes).
  const requestClose = useRef(onClose);
  const suiteUnsaved = useRef(false);
  return (
    <ModalDialog
      onClose={() => requestClose.current()}
      title="Edit Library Prompt"
      description="Users see the new text at once; copies in My Prompts offer the update."
      size="lg"
      onInteractOutside={(event) => event.preventDefault()}
    >
      {text.data ? (
        <Tabs
          label="Sections"
          keepMounted
          items={[
            {
              value: 'details',
              label: 'Details',
              content: <LibraryPromptForm initial={text.data} onClose={onClose} requestClose={requestClose} otherChanges={suiteUnsaved} />,
            },
            { value: 'suite', label: 'Test suite', content: <LibrarySuiteEditor id={id} body={bodyOf(text.data)} unsaved={suiteUnsaved} /> },
          ]}
        />
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

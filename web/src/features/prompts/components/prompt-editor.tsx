import { ArrowRightLeft, History, Share2, Sparkles, Trash2 } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import * as z from 'zod/mini';
import { transcriptOf } from '@shared/chat';
import { Messages } from '@shared/contract/chat';
import { Body, type Category, type Prompt, Slug, TAG_MAX, TAGS_MAX, TITLE_MAX, Title } from '@shared/contract/prompts';
import { breaksExamplesText, examplesBroken } from '@shared/examples';
import { SLUG_MAX } from '@shared/slugs';
import { parseVariables } from '@shared/variables';
import { ChatMessagesField } from '@/components/chat/chat-messages-field';
import { ModelSettings } from '@/components/chat/model-settings';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { cx } from '@/components/ui/cx';
import { DialogCancel } from '@/components/ui/dialog-cancel';
import { DialogFooter } from '@/components/ui/dialog-footer';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { LimitNote } from '@/components/ui/limit-note';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { ReadOnlyNote } from '@/components/ui/read-only-note';
import { Select } from '@/components/ui/select';
import { TagInput } from '@/components/ui/tag-input';
import { useDialogs } from '@/components/ui/use-dialogs';
import { useExamples } from '@/lib/api/get-examples';
import { useReadOnlyReason, useTeams } from '@/lib/api/get-teams';
import { configOf, messagesOf, rowsOf, STARTER_ROWS, settingsFieldsOf } from '@/lib/chat-form';
import { schemaRule } from '@/lib/form-rules';
import { ariaKeyShortcut, useChordShortcut } from '@/lib/shortcuts';
import { useCreatePrompt } from '../api/create-prompt';
import { useDeletePrompt } from '../api/delete-prompt';
import { useUpdatePrompt } from '../api/update-prompt';
import { focusPromptCard } from '../utils/focus-card';
import { ALERT, CONFIRM, FALLBACK, failureText, TEXT } from '../utils/messages';
import { DialogError } from './dialog-error';
import { InsertVariable } from './insert-variable';
import { MoveCopyDialog } from './move-copy-dialog';
import { PromptBodyField } from './prompt-body-field';
import { PromptKindSwitch } from './prompt-kind-switch';
import { ShareDialog } from './share-dialog';
import { VariableDetector } from './variable-detector';
import { VersionHistory } from './version-history';
import './prompt-editor.css';

/** What the editor edits: a new prompt (optionally in a category) or an existing one, maybe with an unsaved enhanced body. */
export interface EditorSession {
  key: number;
  prompt: Prompt | null;
  /** An enhanced body to start from instead of the stored one; nothing is saved until Save. */
  draftBody?: string;
  /** Who wrote the draft: the AI model, or the built-in engine (no model configured); the banner says which. */
  draftEngine?: 'model' | 'builtin';
  /** Preselected category of a new prompt. */
  categoryId?: string | null;
}

export interface PromptEditorProps {
  session: EditorSession;
  /** The user's categories; undefined while they load (the prompt's own category is kept meanwhile). */
  categories: Category[] | undefined;
  onClose: () => void;
  /** Why a new prompt cannot be saved (the plan's prompt limit is reached); shown beside Save, which is held. */
  saveHeldBy?: string | null;
}

/** The contract's rules ('Title is required.', the slug's form, …): Save waits until they hold. */
const RULES = {
  title: { validate: schemaRule(Title) },
  slug: { validate: schemaRule(Slug) },
  // A chat prompt has no body of its own (its messages make it).
  body: { validate: (value: string, values: { kind: string }) => values.kind === 'chat' || schemaRule(Body)(value, values) },
};

/** The form's values for a prompt as stored (none: a new, empty one; '' is no category). */
const fieldsOf = (prompt: Prompt | null) => ({
  title: prompt?.title ?? '',
  // The registry / SDK / MCP name: edited only for a saved prompt (a new one takes its title's).
  slug: prompt?.slug ?? '',
  kind: prompt?.kind ?? 'text',
  body: prompt?.kind === 'chat' ? '' : (prompt?.body ?? ''),
  messages: prompt?.kind === 'chat' ? rowsOf(prompt.messages) : STARTER_ROWS,
  settings: settingsFieldsOf(prompt?.config),
  category_id: prompt?.category_id ?? '',
  tasks: prompt?.tasks ?? [],
  industries: prompt?.industries ?? [],
  is_favorite: prompt?.is_favorite ?? false,
});

/**
 * The prompt editor modal (docs/product.md, My Prompts): 'New Prompt' / 'Edit Prompt', Escape closes it.
 * Saving with an id updates, without one creates; then it closes and the list reloads.
 */
export function PromptEditor({ session, categories, onClose, saveHeldBy = null }: PromptEditorProps) {
  const initial = session.prompt;
  // Errors follow every change, so Save is held with the reason in view; a refused save (Ctrl/Cmd+Enter)
  // focuses the first field to fix. Dirty means: differs from the prompt as last saved.
  const form = useForm({
    mode: 'onChange',
    defaultValues: {
      ...fieldsOf(initial),
      ...(session.draftBody !== undefined ? { body: session.draftBody } : {}),
      category_id: initial?.category_id ?? session.categoryId ?? '',
    },
  });
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    setFocus,
    reset,
    formState: { errors, isValid, isDirty },
  } = form;
  const { title, kind, body, messages: rows, category_id: categoryId, tasks, industries } = watch();
  const chat = kind === 'chat';
  const [error, setError] = useState<string | null>(null);
  // What the contract says of the messages as a whole, at save (the settings' problem shows as the save error).
  const [messagesError, setMessagesError] = useState<string | null>(null);
  const { confirm, alert } = useDialogs();
  const [historyOpen, setHistoryOpen] = useState(false);
  // 'Share' as on the prompt's card: the same dialog, over the editor (the saved prompt is shared, not the draft).
  const [shareOpen, setShareOpen] = useState(false);
  const [moveOpen, setMoveOpen] = useState(false);
  // 'Move/copy to…' is offered once there is another workspace: the caller is in a team.
  const { data: teams } = useTeams();
  // A team's viewer sees the prompt as it is ('View Prompt'): fields locked, no Save, Delete or Share.
  const readOnly = useReadOnlyReason();
  const [enhanced, setEnhanced] = useState(session.draftBody !== undefined);
  // An enhanced draft is unsaved work from the start.
  const dirty = isDirty || enhanced;
  // The prompt just saved: its card takes the focus when the editor closes.
  const savedId = useRef<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const ids = { title: useId(), body: useId(), variables: useId(), error: useId(), held: useId() };

  const create = useCreatePrompt();
  const update = useUpdatePrompt();
  const remove = useDeletePrompt();
  const saving = create.isPending || update.isPending;
  const deleting = remove.isPending;
  const busy = saving || deleting;
  const locked = busy || readOnly !== null;

  // A chat prompt's variables are those of all its messages (the transcript holds exactly their markers).
  const text = chat ? transcriptOf(messagesOf(rows)) : body;
  const variables = useMemo(() => parseVariables(text), [text]);
  // Examples whose inputs the edited variables no longer fit: said before the save (docs/product.md, Evaluate).
  const examples = useExamples(initial?.id).data;
  const broken = useMemo(() => (examples?.length ? examplesBroken(text, examples) : 0), [text, examples]);
  const canSave = isValid && !busy && !saveHeldBy;
  // Until the categories load, the prompt's own category is the only option; once loaded, a
  // category deleted meanwhile reads as none.
  const options =
    categories ?? (initial?.category_id && initial.category_name ? [{ id: initial.category_id, name: initial.category_name, prompt_count: 0 }] : []);
  const categoryValue = options.some((c) => c.id === categoryId) ? categoryId : '';

  const onSubmit = handleSubmit(async ({ title, slug, kind, body, messages: rows, settings, tasks, industries, is_favorite }) => {
    if (busy || saveHeldBy || readOnly) return;
    setError(null);
    setMessagesError(null);
    const settled = configOf(settings);
    if ('error' in settled) return setError(settled.error);
    const messages = kind === 'chat' ? messagesOf(rows) : undefined;
    const problem = messages ? z.safeParse(Messages, messages).error?.issues[0]?.message : undefined;
    if (problem) return setMessagesError(problem);
    if (broken && !(await confirm(TEXT.breaksExamples(broken), { title: `This version ${breaksExamplesText(broken)}`, confirmLabel: 'Save anyway' }))) return;
    // Version history records an accepted AI enhancement as such.
    const source = enhanced ? ('enhance' as const) : ('edit' as const);
    const input = {
      title: title.trim(),
      ...(messages ? { kind: 'chat' as const, messages } : { body }),
      ...(Object.keys(settled.config).length ? { config: settled.config } : {}),
      category_id: categoryValue || null,
      tasks,
      industries,
      is_favorite,
      ...(initial ? { source } : {}),
      ...(initial && slug.trim() !== initial.slug ? { slug: slug.trim() } : {}),
    };
    try {
      if (initial) await update.mutateAsync({ id: initial.id, input });
      savedId.current = initial ? initial.id : (await create.mutateAsync(input)).id;
      onClose();
    } catch (failure) {
      void alert(ALERT.save(failure));
      setError(failureText(failure, FALLBACK.savePrompt));
    }
  });

  // Ctrl/Cmd+Enter saves from anywhere in the editor, its fields included. The submit waits a
  // tick so a change made by the same key press (Enter adding a typed tag) is saved with it.
  useChordShortcut('save', () => window.setTimeout(() => formRef.current?.requestSubmit()), formRef);

  // A restore saves a new version on the server; the editor then shows it, as saved.
  const onRestored = (restored: Prompt) => {
    reset(fieldsOf(restored));
    setEnhanced(false);
  };

  const onDelete = async () => {
    if (!initial || !(await confirm(CONFIRM.deleteInEditor, { confirmLabel: 'Delete', danger: true }))) return;
    setError(null);
    try {
      await remove.mutateAsync(initial.id);
      onClose();
    } catch (failure) {
      void alert(ALERT.delete(failure));
      setError(failureText(failure, FALLBACK.deletePrompt));
    }
  };

  // Escape, × and Cancel ask before throwing typed work away; a click on the backdrop never closes.
  const requestClose = async () => {
    if (!dirty || (await confirm(TEXT.discardChanges, { title: 'Unsaved changes', confirmLabel: 'Discard', cancelLabel: 'Keep editing', danger: true })))
      onClose();
  };

  return (
    <ModalDialog
      onClose={() => void requestClose()}
      onPointerDownOutside={(event) => event.preventDefault()}
      title={initial ? (readOnly ? TEXT.viewPrompt : TEXT.editPrompt) : TEXT.newPrompt}
      description={
        readOnly ? (
          <ReadOnlyNote>{readOnly}</ReadOnlyNote>
        ) : session.draftBody !== undefined ? (
          <span className="prompt-editor__draft">
            <Sparkles aria-hidden="true" />
            {session.draftEngine === 'builtin'
              ? 'The body is a draft restructured by the built-in engine (no AI model is set up), not written by a model. Nothing is saved until you save it.'
              : 'The body is an AI-enhanced draft. Nothing is saved until you save it.'}
          </span>
        ) : undefined
      }
      onOpenAutoFocus={(event) => {
        // Start in the title rather than on the close button (locked for a viewer: the first control).
        if (readOnly) return;
        event.preventDefault();
        setFocus('title');
      }}
      onCloseAutoFocus={(event) => {
        if (savedId.current && focusPromptCard(savedId.current)) event.preventDefault();
      }}
      // Under History, Share or Move/copy the editor is inert: Radix leaves a parent dialog in the accessibility tree.
      inert={historyOpen || shareOpen || moveOpen}
      size="lg"
      className="prompt-editor"
    >
      <FormProvider {...form}>
        <form
          ref={formRef}
          className="prompt-editor__form"
          onSubmit={(event) => void onSubmit(event)}
          noValidate
          aria-describedby={error ? ids.error : undefined}
        >
          <Field
            id={ids.title}
            label="Title"
            labelAside={
              <span className={cx('char-count', title.length >= TITLE_MAX && 'char-count--full')}>
                {title.length}/{TITLE_MAX}
              </span>
            }
            description={title.length >= TITLE_MAX ? `Titles can be up to ${TITLE_MAX} characters.` : undefined}
            error={errors.title?.message}
          >
            <Input
              {...register('title', RULES.title)}
              maxLength={TITLE_MAX}
              required
              autoComplete="off"
              placeholder="e.g. Weekly status update"
              disabled={locked}
            />
          </Field>

          {initial ? (
            <Field
              label="Slug"
              error={errors.slug?.message}
              description="How code, the SDK and AI tools name this prompt. Changing it breaks callers that use the old one."
            >
              <Input {...register('slug', RULES.slug)} maxLength={SLUG_MAX} autoComplete="off" spellCheck={false} disabled={locked} />
            </Field>
          ) : null}

          {initial ? null : <PromptKindSwitch field={register('kind', { deps: ['body'] })} disabled={locked} />}

          {chat ? (
            <ChatMessagesField disabled={locked} error={messagesError} renderInsert={(insert) => <InsertVariable onInsert={insert} disabled={locked} />} />
          ) : (
            <PromptBodyField id={ids.body} rules={RULES.body} describedBy={ids.variables} disabled={locked} />
          )}

          <VariableDetector id={ids.variables} variables={variables} />
          {broken ? <p className="limit-note">{TEXT.breaksExamples(broken)}</p> : null}

          <ModelSettings disabled={locked} />

          <Field label="Category">
            <Select value={categoryValue} onChange={(event) => setValue('category_id', event.target.value, { shouldDirty: true })} disabled={locked}>
              <option value="">No category</option>
              {options.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </Select>
          </Field>

          <div className="prompt-editor__row">
            <Field label="Tasks" description="Press Enter, comma or Tab to add.">
              <TagInput
                value={tasks}
                onChange={(tags) => setValue('tasks', tags, { shouldDirty: true })}
                maxTags={TAGS_MAX}
                maxLength={TAG_MAX}
                placeholder="e.g. Writing"
                disabled={locked}
                removeLabel="Remove task"
              />
            </Field>
            <Field label="Industries" description="Press Enter, comma or Tab to add.">
              <TagInput
                value={industries}
                onChange={(tags) => setValue('industries', tags, { shouldDirty: true })}
                maxTags={TAGS_MAX}
                maxLength={TAG_MAX}
                placeholder="e.g. Marketing"
                disabled={locked}
                removeLabel="Remove industry"
              />
            </Field>
          </div>

          <Checkbox label="Favorite" {...register('is_favorite')} disabled={locked} />

          <DialogError id={ids.error}>{error}</DialogError>
          {saveHeldBy ? <LimitNote id={ids.held}>{saveHeldBy}</LimitNote> : null}

          <DialogFooter className="prompt-editor__footer">
            {initial && !readOnly ? (
              <Button
                variant="ghost"
                className="prompt-editor__delete"
                icon={<Trash2 aria-hidden="true" />}
                loading={deleting}
                disabled={saving}
                onClick={() => void onDelete()}
              >
                {deleting ? 'Deleting...' : 'Delete'}
              </Button>
            ) : null}
            {initial ? (
              <Button variant="ghost" icon={<History aria-hidden="true" />} disabled={busy} onClick={() => setHistoryOpen(true)}>
                History
              </Button>
            ) : null}
            {initial && !readOnly ? (
              <Button variant="ghost" icon={<Share2 aria-hidden="true" />} disabled={busy} onClick={() => setShareOpen(true)}>
                {TEXT.share}
              </Button>
            ) : null}
            {initial && teams?.length ? (
              <Button variant="ghost" icon={<ArrowRightLeft aria-hidden="true" />} disabled={busy} onClick={() => setMoveOpen(true)}>
                Move/copy to…
              </Button>
            ) : null}
            <DialogCancel disabled={busy}>{readOnly ? 'Done' : 'Cancel'}</DialogCancel>
            {readOnly ? null : (
              <Button
                type="submit"
                loading={saving}
                disabled={!canSave && !saving}
                aria-describedby={saveHeldBy ? ids.held : undefined}
                aria-keyshortcuts={ariaKeyShortcut('save')}
              >
                {saving ? 'Saving...' : 'Save Prompt'}
              </Button>
            )}
          </DialogFooter>
        </form>
      </FormProvider>
      {initial && historyOpen ? (
        <VersionHistory
          prompt={initial}
          onClose={() => setHistoryOpen(false)}
          onRestored={onRestored}
          confirmRestore={() => !dirty || confirm(CONFIRM.restoreOverUnsaved)}
        />
      ) : null}
      <ShareDialog prompt={initial && shareOpen ? initial : null} onClose={() => setShareOpen(false)} />
      {initial && moveOpen ? <MoveCopyDialog prompt={initial} onClose={() => setMoveOpen(false)} onMoved={onClose} /> : null}
    </ModalDialog>
  );
}

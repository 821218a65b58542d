import { useEffect, useRef } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { MessageRow } from '@/lib/chat-form';
import { type ChatFormValues, ChatMessagesField } from './chat-messages-field';

/**
 * A chat prompt's draft in an evaluation column: its messages in the editor's own field (roles,
 * placeholders, order), each change handed up; the field's rules show as one types.
 */
export function ChatDraft({ rows, onChange }: { rows: MessageRow[]; onChange: (rows: MessageRow[]) => void }) {
  const form = useForm<ChatFormValues>({ defaultValues: { messages: rows }, mode: 'onChange' });
  const changed = useRef(onChange);
  changed.current = onChange;
  useEffect(() => {
    const watching = form.watch((values) => changed.current((values.messages ?? []) as MessageRow[]));
    return () => watching.unsubscribe();
  }, [form]);
  return (
    <FormProvider {...form}>
      <ChatMessagesField />
    </FormProvider>
  );
}

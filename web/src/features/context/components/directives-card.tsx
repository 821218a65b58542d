import { Compass } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { DIRECTIVE_MAX, Directives } from '@shared/contract/context';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { ReadOnlyNote } from '@/components/ui/read-only-note';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/use-toast';
import { useReadOnlyReason } from '@/lib/api/get-teams';
import { schemaRule } from '@/lib/form-rules';
import { useUpdateDirectives } from '../api/update-directives';
import { ContextCard } from './context-card';

/** The two text areas; each is checked with the contract's rule (within DIRECTIVE_MAX, no control characters). */
const FIELDS = [
  {
    name: 'global_prompt_prefix',
    label: 'Global Prompt Prefix',
    description: 'Added before the main prompt.',
    placeholder: 'e.g. You are an expert assistant for Acme Inc. Answer concisely.',
  },
  {
    name: 'global_prompt_suffix',
    label: 'Global Prompt Suffix',
    description: 'Added after the main prompt.',
    placeholder: 'e.g. Format the answer as a bulleted list.',
  },
] as const;

/** The Global Directives card: prefix and suffix, saved together. */
export function DirectivesCard({ directives, onError }: { directives: Directives; onError: (error: unknown) => void }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ defaultValues: directives });
  const save = useUpdateDirectives();
  const { toast } = useToast();
  // A team's viewer reads the directives; the fields are read-only and Save gives way to the reason.
  const readOnly = useReadOnlyReason();

  const onSubmit = handleSubmit(
    (values) => readOnly === null && save.mutate(values, { onSuccess: () => toast({ title: 'Directives saved.', variant: 'success' }), onError }),
  );

  return (
    <ContextCard
      titleId="directives-title"
      icon={<Compass />}
      title="Global Directives"
      subtitle="This text is added before and after the main prompt when global directives are enabled in the workbench."
    >
      <form className="context-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {FIELDS.map(({ name, label, description, placeholder }) => (
          <Field key={name} label={label} description={description} error={errors[name]?.message}>
            <Textarea
              rows={5}
              maxLength={DIRECTIVE_MAX}
              placeholder={placeholder}
              readOnly={readOnly !== null}
              {...register(name, { validate: schemaRule(Directives.shape[name]) })}
            />
          </Field>
        ))}
        {readOnly ? (
          <ReadOnlyNote>{readOnly}</ReadOnlyNote>
        ) : (
          <div className="context-form__actions">
            <Button type="submit" loading={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Directives'}
            </Button>
          </div>
        )}
      </form>
    </ContextCard>
  );
}

import { Compass } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { DIRECTIVE_MAX, type Directives } from '@shared/contract/context';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useToast } from '@/components/ui/use-toast';
import { useUpdateDirectives } from '../api/update-directives';
import { ContextCard } from './context-card';

/** The Global Directives card: prefix and suffix, saved together. */
export function DirectivesCard({ directives, onError }: { directives: Directives; onError: (error: unknown) => void }) {
  const [prefix, setPrefix] = useState(directives.global_prompt_prefix);
  const [suffix, setSuffix] = useState(directives.global_prompt_suffix);
  const save = useUpdateDirectives();
  const { toast } = useToast();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { global_prompt_prefix: prefix, global_prompt_suffix: suffix },
      {
        onSuccess: () => toast({ title: 'Directives saved.', variant: 'success' }),
        onError,
      },
    );
  };

  return (
    <ContextCard
      titleId="directives-title"
      icon={<Compass />}
      title="Global Directives"
      subtitle="This text is added before and after the main prompt when global directives are enabled in the workbench."
    >
      <form className="context-form" onSubmit={onSubmit}>
        <Field label="Global Prompt Prefix" description="Added before the main prompt.">
          <Textarea
            rows={5}
            value={prefix}
            maxLength={DIRECTIVE_MAX}
            placeholder="e.g. You are an expert assistant for Acme Inc. Answer concisely."
            onChange={(e) => setPrefix(e.target.value)}
          />
        </Field>
        <Field label="Global Prompt Suffix" description="Added after the main prompt.">
          <Textarea
            rows={5}
            value={suffix}
            maxLength={DIRECTIVE_MAX}
            placeholder="e.g. Format the answer as a bulleted list."
            onChange={(e) => setSuffix(e.target.value)}
          />
        </Field>
        <div className="context-form__actions">
          <Button type="submit" loading={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Directives'}
          </Button>
        </div>
      </form>
    </ContextCard>
  );
}

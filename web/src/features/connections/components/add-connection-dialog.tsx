import { useForm } from 'react-hook-form';
import { API_KEY_MAX, BASE_URL_MAX, CONNECTION_NAME_MAX, type Connection, PROVIDER_NAMES, PROVIDERS, type Provider } from '@shared/contract/connections';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { PasswordInput } from '@/components/ui/password-input';
import { Select } from '@/components/ui/select';
import { useFocusOnFailure } from '@/components/ui/use-focus-on-failure';
import { errorMessage } from '@/lib/api-client';
import { useCreateConnection } from '../api/create-connection';

interface Values {
  name: string;
  provider: Provider;
  base_url: string;
  api_key: string;
  models: string;
}

/** Where each provider's API is, for the base URL's placeholder. */
const BASE_URL_HINT: Record<Provider, string> = {
  openai: 'Leave empty for https://api.openai.com/v1',
  anthropic: 'Leave empty for https://api.anthropic.com',
  openai_compatible: 'e.g. https://openrouter.ai/api/v1 or http://localhost:11434/v1',
};

/** The models as typed: separated by commas, spaces or lines, each once. */
const modelList = (text: string) => [...new Set(text.split(/[\s,]+/).filter(Boolean))];

/**
 * 'Add connection' (owners): name, provider, base URL (required for an OpenAI-compatible server),
 * the API key (sent once, never shown again) and the models to offer in the workbench. A refusal
 * shows the server's reason and puts the focus back in the field it is about.
 */
export function AddConnectionDialog({ onClose, onAdded }: { onClose: () => void; onAdded: (connection: Connection) => void }) {
  const create = useCreateConnection();
  const { register, handleSubmit, watch, setFocus, formState } = useForm<Values>({
    defaultValues: { name: '', provider: 'openai', base_url: '', api_key: '', models: '' },
  });
  const provider = watch('provider');
  const detail = create.isError ? errorMessage(create.error, 'Could not add the connection.') : null;
  const field: keyof Values = !detail
    ? 'name'
    : /base_url/.test(detail)
      ? 'base_url'
      : /key/i.test(detail)
        ? 'api_key'
        : /model/i.test(detail)
          ? 'models'
          : 'name';
  useFocusOnFailure(create.isError, setFocus, field);

  const onSubmit = handleSubmit((values) =>
    create.mutate(
      {
        name: values.name.trim(),
        provider: values.provider,
        ...(values.base_url.trim() ? { base_url: values.base_url.trim() } : {}),
        api_key: values.api_key.trim(),
        models: modelList(values.models),
      },
      { onSuccess: onAdded },
    ),
  );

  return (
    <ModalDialog
      title="Add connection"
      description="The key is stored encrypted and never shown again, only its last 4 characters."
      busy={create.isPending}
      onClose={onClose}
    >
      <form className="connections__form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {detail ? <Alert>{detail}</Alert> : null}
        <Field label="Name" error={formState.errors.name?.message}>
          <Input
            maxLength={CONNECTION_NAME_MAX}
            placeholder="e.g. Team OpenAI"
            autoComplete="off"
            {...register('name', { validate: (v) => Boolean(v.trim()) || 'Name is required.' })}
          />
        </Field>
        <Field label="Provider">
          <Select {...register('provider')}>
            {PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {p === 'openai_compatible' ? `${PROVIDER_NAMES[p]} (Ollama, vLLM, LiteLLM, OpenRouter)` : PROVIDER_NAMES[p]}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          label={provider === 'openai_compatible' ? 'Base URL' : 'Base URL (optional)'}
          error={formState.errors.base_url?.message}
          description="Must be https and reachable on the internet."
        >
          <Input
            type="url"
            maxLength={BASE_URL_MAX}
            placeholder={BASE_URL_HINT[provider]}
            autoComplete="off"
            spellCheck={false}
            {...register('base_url', {
              validate: (v, values) =>
                values.provider !== 'openai_compatible' || Boolean(v.trim()) || 'An OpenAI-compatible connection needs the base URL of its server.',
            })}
          />
        </Field>
        <Field label="API key" error={formState.errors.api_key?.message}>
          <PasswordInput
            showLabel="Show key"
            hideLabel="Hide key"
            maxLength={API_KEY_MAX}
            autoComplete="off"
            spellCheck={false}
            {...register('api_key', { validate: (v) => Boolean(v.trim()) || 'An API key is required.' })}
          />
        </Field>
        <Field label="Models (optional)" description="The models to offer when running a prompt, separated by commas; the first is the default.">
          <Input
            placeholder={provider === 'anthropic' ? 'e.g. claude-sonnet-4-5, claude-haiku-4-5' : 'e.g. gpt-4.1-mini, gpt-4.1'}
            autoComplete="off"
            spellCheck={false}
            {...register('models')}
          />
        </Field>
        <div className="connections__actions">
          <Button variant="ghost" type="button" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add connection
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}

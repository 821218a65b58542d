import { Copy, KeyRound, Plug, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { API_KEY_NAME_MAX, type CreatedApiKey } from '@shared/contract/api-keys';
import { API_BASE } from '@shared/routes';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { ModalDialog } from '@/components/ui/modal-dialog';
import { PasswordInput } from '@/components/ui/password-input';
import { useToast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useCreateApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { UseInToolsDialog } from './use-in-tools-dialog';
import './api-keys.css';

const formatDate = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The 'API keys' section: create a key (shown once, with Copy), the list with when each was last
 * used, Revoke, and 'Use in your tools' with MCP configuration. Its own component, so the account
 * page can host it.
 */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const { toast } = useToast();
  const { register, handleSubmit, watch, reset } = useForm({ defaultValues: { name: '', password: '' } });
  const [fresh, setFresh] = useState<CreatedApiKey | null>(null);
  const [toolsOpen, setToolsOpen] = useState(false);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);

  const onCreate = handleSubmit(({ name, password }) =>
    create.mutate(
      { name: name.trim(), password },
      {
        onSuccess: (made) => {
          setFresh(made);
          reset();
        },
      },
    ),
  );
  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      toast({ title: 'Copied to clipboard', variant: 'success' });
    } catch {
      toast({ title: 'Could not copy. Select the text and copy it yourself.', variant: 'error' });
    }
  };

  return (
    <section className="api-keys" aria-labelledby="api-keys-title">
      <div className="api-keys__head">
        <h2 id="api-keys-title" className="api-keys__title">
          <KeyRound aria-hidden="true" /> API keys
        </h2>
        <Button variant="secondary" icon={<Plug aria-hidden="true" />} onClick={() => setToolsOpen(true)}>
          Use in your tools
        </Button>
      </div>
      <p className="api-keys__intro">
        A key lets your code, the SDK and AI tools (MCP) read and fill your prompts. It opens nothing else: not your account, billing or other keys.
      </p>
      <p className="api-keys__intro">
        From code:{' '}
        <code>
          GET {API_BASE}/registry/prompts/{'{slug}'}
        </code>{' '}
        reads a prompt, <code>POST …/compile</code> fills it. Every endpoint is in the <Link to={paths.apiReference}>API reference</Link> (
        <a href={`${API_BASE}/openapi.json`}>{`${API_BASE}/openapi.json`}</a>); each prompt's card has 'Use from code'.
      </p>

      <form className="api-keys__form" onSubmit={(event) => void onCreate(event)}>
        <Field label="Key name" error={create.isError ? errorMessage(create.error, 'Could not create the key.') : null}>
          <Input maxLength={API_KEY_NAME_MAX} placeholder="e.g. Production app" required {...register('name')} />
        </Field>
        {/* A key opens the prompts to whoever holds it: the password is asked, and the owner is emailed. */}
        <Field label="Your password">
          <PasswordInput autoComplete="current-password" required {...register('password')} />
        </Field>
        <Button type="submit" loading={create.isPending} disabled={!watch('name').trim() || !watch('password')}>
          Create key
        </Button>
      </form>

      {fresh ? (
        <Alert variant="success" className="api-keys__fresh">
          <p>
            <strong>Copy your new key now.</strong> It is shown only this once.
          </p>
          <div className="api-keys__secret">
            {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: the key is found by this name (tests, and screen readers reading the alert). */}
            <code aria-label="New API key">{fresh.key}</code>
            <Button size="sm" icon={<Copy aria-hidden="true" />} onClick={() => void copy(fresh.key)}>
              Copy
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setFresh(null)}>
              Done
            </Button>
          </div>
        </Alert>
      ) : null}

      {keys.isError ? <Alert>{errorMessage(keys.error, 'Could not load your keys.')}</Alert> : null}
      {keys.data && keys.data.keys.length === 0 ? <p className="api-keys__empty">You have no API keys yet.</p> : null}
      {keys.data && keys.data.keys.length > 0 ? (
        <ul className="api-keys__list" aria-label="API keys">
          {keys.data.keys.map((key) => (
            <li key={key.id} className="api-keys__item">
              <div>
                <h3 className="api-keys__name">{key.name}</h3>
                <p className="api-keys__meta">
                  <code>{key.prefix}…</code> · created {formatDate(key.created_at)} ·{' '}
                  {key.last_used_at ? `last used ${formatDate(key.last_used_at)}` : 'never used'}
                </p>
              </div>
              <IconButton
                label={`Revoke ${key.name}`}
                title="Revoke"
                variant="danger"
                icon={<Trash2 />}
                onClick={() => setRevoking({ id: key.id, name: key.name })}
              />
            </li>
          ))}
        </ul>
      ) : null}

      {revoking ? (
        <ModalDialog
          title="Revoke this key?"
          description={`Apps and tools using “${revoking.name}” stop working at once.`}
          size="sm"
          busy={revoke.isPending}
          onClose={() => setRevoking(null)}
        >
          <div className="api-keys__dialog-actions">
            <Button variant="ghost" onClick={() => setRevoking(null)}>
              Cancel
            </Button>
            <Button
              variant="danger"
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutate(revoking.id, {
                  onSuccess: () => {
                    setRevoking(null);
                    toast({ title: 'Key revoked', variant: 'success' });
                  },
                  onError: (error) => toast({ title: errorMessage(error, 'Could not revoke the key.'), variant: 'error' }),
                })
              }
            >
              Revoke key
            </Button>
          </div>
        </ModalDialog>
      ) : null}

      {toolsOpen ? <UseInToolsDialog onClose={() => setToolsOpen(false)} onCopy={copy} /> : null}
    </section>
  );
}

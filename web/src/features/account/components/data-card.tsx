import { Database } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardHeader } from '@/components/ui/card-header';
import { errorMessage } from '@/lib/api-client';
import { useExportAccount } from '../api/export-account';
import { FALLBACK } from '../utils/messages';
import { DeleteAccountDialog } from './delete-account-dialog';
import './account.css';

export function DataCard() {
  const exporter = useExportAccount();
  const [deleting, setDeleting] = useState(false);
  return (
    <Card aria-labelledby="account-data">
      <CardHeader titleId="account-data" icon={<Database />} title="Your data" subtitle="Take everything with you, or delete your account." />
      <div className="account-danger-row">
        <div>
          <h3 className="account-form__title">Export your data</h3>
          <p className="card__subtitle">
            One JSON file with your profile, prompts with every version, categories, directives, snippets, profile values and billing state.
          </p>
        </div>
        <Button variant="secondary" onClick={() => exporter.mutate()} loading={exporter.isPending}>
          {exporter.isPending ? 'Preparing...' : 'Export data'}
        </Button>
      </div>
      {exporter.isSuccess ? <Alert variant="success">Downloaded {exporter.data}.</Alert> : null}
      {exporter.isError ? <Alert icon={false}>{errorMessage(exporter.error, FALLBACK)}</Alert> : null}
      <div className="account-danger-row account-danger-row--danger">
        <div>
          <h3 className="account-form__title">Delete account</h3>
          <p className="card__subtitle">Deletes your account and everything in it, and cancels your subscription. This cannot be undone.</p>
        </div>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          Delete account
        </Button>
      </div>
      {deleting ? <DeleteAccountDialog onClose={() => setDeleting(false)} /> : null}
    </Card>
  );
}

import { CreditCard } from 'lucide-react';
import { Link } from 'react-router-dom';
import type { Account } from '@shared/contract/account';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClassName } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { CardHeader } from '@/components/ui/card-header';
import { paths } from '@/config/paths';
import { useCreatePortalSession } from '@/lib/api/create-portal-session';
import { errorMessage } from '@/lib/api-client';
import { getAccessToken } from '@/lib/auth-token';
import { FALLBACK } from '../utils/messages';
import { UsageMeter } from './usage-meter';
import './account.css';

// ---- plan and usage ----------------------------------------------------------------------------

const METERS: { key: keyof Account['usage']; label: string }[] = [
  { key: 'prompts', label: 'Prompts' },
  { key: 'categories', label: 'Categories' },
  { key: 'snippets', label: 'Snippets' },
  { key: 'runs_today', label: 'Runs today' },
];

export function PlanCard({ account }: { account: Account }) {
  const portal = useCreatePortalSession();
  const manage = () => portal.mutate({ token: getAccessToken() ?? '' }, { onSuccess: (url) => window.location.assign(url) });
  return (
    <Card aria-labelledby="account-plan">
      <CardHeader titleId="account-plan" icon={<CreditCard />} title="Plan & usage" subtitle="What your plan allows, and what you use of it." />
      <p className="account-plan">
        Your plan: <Badge variant={account.access_tier} />
      </p>
      <ul className="usage-meters">
        {METERS.map((m) => (
          <UsageMeter key={m.key} label={m.label} meter={account.usage[m.key]} />
        ))}
      </ul>
      {portal.isError ? <Alert icon={false}>{errorMessage(portal.error, FALLBACK)}</Alert> : null}
      <div className="account-form__actions">
        {account.access_tier !== 'free' ? (
          <Button variant="secondary" onClick={manage} loading={portal.isPending}>
            {portal.isPending ? 'Opening...' : 'Manage subscription'}
          </Button>
        ) : null}
        {account.access_tier !== 'elite' ? (
          <Link to={paths.pricing} className={buttonClassName()}>
            Upgrade
          </Link>
        ) : null}
      </div>
    </Card>
  );
}

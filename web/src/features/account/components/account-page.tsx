import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { useAccount } from '../api/get-account';
import { DataCard } from './data-card';
import { PlanCard } from './plan-card';
import { ProfileCard } from './profile-card';
import { SecurityCard } from './security-card';
import './account.css';

/** The /account page: four cards over the account as GET /account reports it. */
export function AccountPage() {
  const account = useAccount();
  if (account.isPending) {
    return (
      <div className="account-loading">
        <Spinner label="Loading your account" />
      </div>
    );
  }
  if (account.isError) {
    return (
      <Alert
        action={
          <Button variant="secondary" size="sm" onClick={() => void account.refetch()}>
            Retry
          </Button>
        }
      >
        {errorMessage(account.error, 'Your account could not be loaded.')}
      </Alert>
    );
  }
  return (
    <div className="account-page">
      <ProfileCard account={account.data} />
      <PlanCard account={account.data} />
      <SecurityCard />
      <DataCard />
    </div>
  );
}

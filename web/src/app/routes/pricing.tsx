import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { PublicLayout } from '@/components/layouts/public-layout';
import { PricingPage } from '@/features/billing/components/pricing-page';
import { useSession } from '@/lib/session';

/**
 * /pricing: public. Features do not import each other, so this route composes them: the plan
 * marked current comes from the session, and after a plan change every cached query is refreshed
 * (the user with its tier first), so the new limits and library access show everywhere at once.
 */
export function Component() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const onPlanChanged = useCallback(() => queryClient.invalidateQueries(), [queryClient]);

  return (
    <PublicLayout>
      <title>Pricing · Construct</title>
      <PricingPage currentTier={user?.access_tier ?? null} onPlanChanged={onPlanChanged} />
    </PublicLayout>
  );
}

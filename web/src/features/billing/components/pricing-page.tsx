import { ShieldCheck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { PaidPlan } from '@shared/contract/billing';
import type { Tier } from '@shared/tiers';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClassName } from '@/components/ui/button';
import { Eyebrow } from '@/components/ui/eyebrow';
import { paths } from '@/config/paths';
import { useCreatePortalSession } from '@/lib/api/create-portal-session';
import { TIER_LABELS } from '@/lib/tiers';
import { useCreateCheckoutSession } from '../api/create-checkout-session';
import { readCheckoutToken } from '../utils/checkout-token';
import {
  billingErrorMessage,
  type CheckoutReturn,
  CURRENT_PLAN_LABEL,
  checkoutReturnFrom,
  GUARANTEE,
  MANAGE_LABEL,
  PORTAL_FALLBACK,
  REDIRECTING_LABEL,
  RETURN_MESSAGES,
  SIGN_IN_MESSAGE,
} from '../utils/messages';
import { PLANS, type PlanDefinition } from '../utils/plans';
import { type PlanAction, PlanCard } from './plan-card';
import './pricing.css';

/** How long 'Please sign in to continue.' shows before the redirect to /login. */
const SIGN_IN_REDIRECT_DELAY_MS = 1200;
/** After a return from checkout, how often and how long to wait for the payment to be recorded. */
const CONFIRM_POLL_MS = 2000;
const CONFIRM_POLL_TRIES = 15;

const LOGIN_RETURN_TO_PRICING = `${paths.login}?return=${paths.pricing}`;

export interface PricingPageProps {
  /** The signed-in user's tier; null for a visitor. */
  currentTier: Tier | null;
  /** Reloads the signed-in user after a plan change, so the new tier shows everywhere at once. */
  onPlanChanged: () => Promise<unknown>;
}

/**
 * The pricing page (docs/product.md) and its checkout flow (Pricing): idle → redirecting (the
 * clicked plan) → the browser goes to the checkout page; on failure back to idle with the error.
 * A subscriber opens the customer portal from 'Manage subscription' to change or cancel.
 */
export function PricingPage({ currentTier, onPlanChanged }: PricingPageProps) {
  const navigate = useNavigate();
  const [searchParams, setSearchParams] = useSearchParams();
  const checkout = useCreateCheckoutSession();
  const portal = useCreatePortalSession();
  // Set when a button was pressed without a stored token: which one, to show the message there.
  const [signInFor, setSignInFor] = useState<PaidPlan | 'portal' | null>(null);
  const signInRequired = signInFor !== null;

  // Where checkout or the portal sent the browser back: read once after mount (the prerendered page
  // a visitor hydrates has no notice, so rendering it at once would not match: React #418), then
  // dropped from the URL so a reload does not repeat the message.
  const [returned, setReturned] = useState<CheckoutReturn | null>(null);
  useEffect(() => {
    if (!searchParams.has('checkout')) return;
    setReturned(checkoutReturnFrom(searchParams.get('checkout')));
    setSearchParams(
      (params) => {
        params.delete('checkout');
        return params;
      },
      { replace: true },
    );
  }, [searchParams, setSearchParams]);

  // A plan change reloads the user at once, then keeps checking until the payment provider's
  // confirmation has reached the server (with Stripe it may arrive just after the redirect).
  useEffect(() => {
    if (returned === 'success' || returned === 'cancelled-subscription') void onPlanChanged();
  }, [returned, onPlanChanged]);
  const awaitingChange =
    currentTier !== null && ((returned === 'success' && currentTier === 'free') || (returned === 'cancelled-subscription' && currentTier !== 'free'));
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!awaitingChange) return;
    let tries = 0;
    const timer = window.setInterval(() => {
      tries += 1;
      void onPlanChanged();
      if (tries >= CONFIRM_POLL_TRIES) {
        window.clearInterval(timer);
        setGaveUp(true);
      }
    }, CONFIRM_POLL_MS);
    return () => window.clearInterval(timer);
  }, [awaitingChange, onPlanChanged]);

  // Without a token: say so, then go to sign in and come back here.
  useEffect(() => {
    if (!signInRequired) return;
    const timer = window.setTimeout(() => navigate(LOGIN_RETURN_TO_PRICING), SIGN_IN_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [signInRequired, navigate]);

  // Coming back with the browser's Back button may restore this page from the back/forward cache
  // in its 'Redirecting…' state: return to idle.
  const { reset: resetCheckout } = checkout;
  const { reset: resetPortal } = portal;
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      resetCheckout();
      resetPortal();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [resetCheckout, resetPortal]);

  // Redirecting lasts from the click until the browser has left the page.
  const checkoutRedirecting = checkout.isPending || checkout.isSuccess;
  const portalRedirecting = portal.isPending || portal.isSuccess;
  const redirectingPlan: PaidPlan | null = checkoutRedirecting ? (checkout.variables?.plan ?? null) : null;
  const busy = checkoutRedirecting || portalRedirecting || signInRequired;

  const startCheckout = (plan: PaidPlan) => {
    portal.reset();
    const token = readCheckoutToken();
    if (!token) {
      checkout.reset();
      setSignInFor(plan);
      return;
    }
    checkout.mutate({ plan, token }, { onSuccess: (url) => window.location.assign(url) });
  };

  const openPortal = () => {
    checkout.reset();
    const token = readCheckoutToken();
    if (!token) {
      setSignInFor('portal');
      return;
    }
    portal.mutate({ token }, { onSuccess: (url) => window.location.assign(url) });
  };

  const actionFor = (plan: PlanDefinition): PlanAction => {
    if (plan.tier === currentTier) return { label: CURRENT_PLAN_LABEL, disabled: true };
    if (!plan.checkoutPlan) return { label: plan.cta, disabled: true };
    const paidPlan = plan.checkoutPlan;
    const redirecting = redirectingPlan === paidPlan;
    // An Elite subscriber looking at Pro is not upgrading.
    const label = redirecting ? REDIRECTING_LABEL : currentTier === 'elite' && paidPlan === 'pro' ? 'Switch to Pro' : plan.cta;
    // Messages show by the button that was pressed (on a phone the page top is out of sight).
    const message =
      signInFor === paidPlan
        ? { tone: 'info' as const, text: SIGN_IN_MESSAGE }
        : checkout.isError && checkout.variables?.plan === paidPlan
          ? { tone: 'error' as const, text: billingErrorMessage(checkout.error) }
          : null;
    return { label, disabled: busy, busy: redirecting, onClick: () => startCheckout(paidPlan), message };
  };

  const portalError = portal.isError ? billingErrorMessage(portal.error, PORTAL_FALLBACK) : null;

  let returnNotice: { tone: 'success' | 'info'; text: string } | null = null;
  if (returned === 'success') {
    const text = awaitingChange ? (gaveUp ? RETURN_MESSAGES.successLate : RETURN_MESSAGES.successPending) : RETURN_MESSAGES.success;
    returnNotice = { tone: 'success', text };
  } else if (returned === 'cancelled') {
    returnNotice = { tone: 'info', text: RETURN_MESSAGES.cancelled };
  } else if (returned === 'cancelled-subscription') {
    returnNotice = { tone: 'info', text: RETURN_MESSAGES['cancelled-subscription'] };
  }

  return (
    <div className="pricing">
      <div className="pricing__inner container">
        <header className="pricing__header">
          <Eyebrow as="p">PRICING PLANS</Eyebrow>
          <h1 className="pricing__title">Choose Your Plan</h1>
          <p className="pricing__subtitle">Secure card checkout in a few clicks. Upgrade or cancel anytime.</p>
        </header>

        <div className="pricing__messages">
          {signInFor === 'portal' ? (
            <Alert variant="info" urgent>
              {SIGN_IN_MESSAGE}
            </Alert>
          ) : null}
          {portalError ? <Alert variant="error">{portalError}</Alert> : null}
          {returnNotice ? <Alert variant={returnNotice.tone}>{returnNotice.text}</Alert> : null}
        </div>

        {currentTier ? (
          <section className="pricing__account" aria-label="Your subscription">
            <p>
              You&apos;re on the <strong>{TIER_LABELS[currentTier]}</strong> plan.
              {currentTier === 'free' ? ' Upgrade anytime: your prompts come with you.' : ' Change or cancel it anytime.'}
            </p>
            <span className="pricing__account-actions">
              {currentTier !== 'free' ? (
                <Button variant="secondary" size="sm" onClick={openPortal} disabled={busy} loading={portalRedirecting}>
                  {portalRedirecting ? REDIRECTING_LABEL : MANAGE_LABEL}
                </Button>
              ) : null}
              <Link to={paths.prompts} className={buttonClassName({ variant: 'ghost', size: 'sm' })}>
                Go to My Prompts
              </Link>
            </span>
          </section>
        ) : null}

        <ul className="pricing__plans" aria-label="Plans">
          {PLANS.map((plan) => (
            <PlanCard key={plan.tier} plan={plan} current={plan.tier === currentTier} action={actionFor(plan)} />
          ))}
        </ul>

        <p className="pricing__guarantee">
          <ShieldCheck aria-hidden="true" />
          <span>{GUARANTEE}</span>
        </p>
      </div>
    </div>
  );
}

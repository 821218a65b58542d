import { LandingPage } from '@/features/landing/components/landing-page';
import { landingVariant } from '@/features/landing/content';
import { useSession } from '@/lib/session';

/**
 * `/`: the landing page. Features do not import each other, so the route reads the session and
 * tells the page whether the visitor is signed in. The variant comes from the build
 * configuration (`VITE_LANDING_VARIANT=prompts` for the prompt-oriented figures).
 */
export function Component() {
  const { status } = useSession();
  return (
    <>
      <title>Construct · Ideas to Apps. Instantly.</title>
      <LandingPage signedIn={status === 'authenticated'} variant={landingVariant()} />
    </>
  );
}

import { Link } from 'react-router-dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import '@/styles/pages.css';

/** Placeholder pricing page (the plans and checkout are built separately). */
export function Component() {
  return (
    <PublicLayout>
      <title>Pricing · Construct</title>
      <section className="simple-page container">
        <p className="simple-page__eyebrow">Pricing plans</p>
        <h1>Choose Your Plan</h1>
        <p>Plans and secure card checkout are coming soon.</p>
        <div className="simple-page__actions">
          <Link to={paths.register} className={buttonClassName()}>
            Create Account
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}

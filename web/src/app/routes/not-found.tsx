import { Link } from 'react-router-dom';
import { PublicLayout } from '@/components/layouts/public-layout';
import { buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import '@/styles/pages.css';

export function Component() {
  return (
    <PublicLayout>
      <title>Page not found · Construct</title>
      <section className="simple-page container">
        <p className="simple-page__eyebrow">404</p>
        <h1>Page not found</h1>
        <p>The page you are looking for does not exist or has moved.</p>
        <div className="simple-page__actions">
          <Link to={paths.home} className={buttonClassName()}>
            Go to the home page
          </Link>
          <Link to={paths.prompts} className={buttonClassName({ variant: 'secondary' })}>
            My Prompts
          </Link>
        </div>
      </section>
    </PublicLayout>
  );
}

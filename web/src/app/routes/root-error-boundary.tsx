import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { Button, buttonClassName } from '@/components/ui/button';
import { paths } from '@/config/paths';
import '@/styles/pages.css';

/** Last-resort error page (a failed chunk load after a deploy, a render error). */
export function RootErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="simple-page container" id="main">
      <title>Something went wrong · Construct</title>
      <h1>{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p>{notFound ? 'The page you asked for does not exist.' : 'The page could not be displayed. Reloading usually fixes this.'}</p>
      <div className="simple-page__actions">
        <Button onClick={() => window.location.reload()}>Reload</Button>
        <Link to={paths.home} className={buttonClassName({ variant: 'secondary' })}>
          Go home
        </Link>
      </div>
    </main>
  );
}

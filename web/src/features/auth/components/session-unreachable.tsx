import { Button } from '@/components/ui/button';
import './auth.css';

/**
 * The whole page while the session check has no usable answer (no connection, a time-out, a
 * server error): the stored token is kept and Retry checks again. Rendered outside the router,
 * so it uses no links.
 */
export function SessionUnreachable({ detail, retrying, onRetry }: { detail?: string; retrying: boolean; onRetry: () => void }) {
  return (
    <main className="auth-shell" id="main">
      <div className="auth-card" role="alert">
        <h1 className="auth-card__title">We could not reach Construct</h1>
        <p className="auth-card__subtitle">Your session is still here: check your connection and try again.{detail ? ` (${detail})` : ''}</p>
        <div className="session-unreachable__actions">
          <Button onClick={onRetry} loading={retrying}>
            Retry
          </Button>
        </div>
      </div>
    </main>
  );
}

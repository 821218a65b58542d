import { RotateCw } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { useDirectives } from '@/lib/api/get-directives';
import { useProfile } from '@/lib/api/get-profile';
import { useSnippets } from '@/lib/api/get-snippets';
import { requestErrorText } from '../utils/format';
import { DirectivesCard } from './directives-card';
import { ProfileCard } from './profile-card';
import { SnippetsCard } from './snippets-card';
import './context.css';

export function ContextLibraryContent({ maxSnippets }: { maxSnippets: number | null }) {
  const directives = useDirectives();
  const snippets = useSnippets();
  const profile = useProfile();
  const [actionError, setActionError] = useState<unknown>(null);

  const loadError = directives.error ?? snippets.error ?? profile.error;
  const banner = actionError ?? loadError;

  if ((directives.isPending || snippets.isPending) && !loadError) {
    return (
      <div className="page-status" role="status">
        <Spinner />
        <span>Loading Context Library...</span>
      </div>
    );
  }

  const retry = () => {
    setActionError(null);
    if (directives.isError) void directives.refetch();
    if (snippets.isError) void snippets.refetch();
    if (profile.isError) void profile.refetch();
  };

  return (
    <div className="context-library">
      {banner ? (
        <Alert
          className="context-library__banner"
          action={
            loadError && !actionError ? (
              <Button variant="secondary" size="sm" icon={<RotateCw aria-hidden="true" />} onClick={retry}>
                Retry
              </Button>
            ) : (
              <Button variant="ghost" size="sm" onClick={() => setActionError(null)}>
                Dismiss
              </Button>
            )
          }
        >
          {requestErrorText(banner)}
        </Alert>
      ) : null}
      <div className="context-library__grid">
        {directives.data ? <DirectivesCard directives={directives.data} onError={setActionError} /> : null}
        {snippets.data ? <SnippetsCard snippets={snippets.data} maxSnippets={maxSnippets} onError={setActionError} /> : null}
        {profile.data ? <ProfileCard values={profile.data} onError={setActionError} /> : null}
      </div>
    </div>
  );
}

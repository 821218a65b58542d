import { Link } from 'react-router-dom';
import { API_BASE } from '@shared/routes';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { type Operation, useOpenApi } from '../api/get-openapi';
import { OperationItem } from './operation-item';
import './api-reference.css';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The first path segment after the base names an operation's group (prompts, registry, teams, …). */
const groupOf = (path: string) => path.slice(API_BASE.length).split('/')[1] || 'system';

/**
 * The API reference page: every operation of GET /api/v1/openapi.json, grouped by its first path
 * segment, with who may call it; the registry first, as code mostly calls it. Rendered here rather
 * than by a third-party renderer (docs/decisions.md, "API reference").
 */
export function ApiReference() {
  const doc = useOpenApi();
  if (doc.isPending) return <Spinner label="Loading the API reference..." />;
  if (doc.isError || !doc.data) return <p role="alert">Could not load the API description. Try again in a moment.</p>;
  const groups = new Map<string, { method: string; path: string; op: Operation }[]>();
  for (const [path, ops] of Object.entries(doc.data.paths))
    for (const method of METHODS) {
      const op = ops[method];
      if (!op) continue;
      const group = groupOf(path);
      groups.set(group, [...(groups.get(group) ?? []), { method, path, op }]);
    }
  const ordered = [...groups.entries()].sort(([a], [b]) => (a === 'registry' ? -1 : b === 'registry' ? 1 : a.localeCompare(b)));
  return (
    <div className="api-reference">
      <Card className="api-reference__intro">
        <p>
          Call your prompts from code with an API key (<Link to={paths.apiKeys}>API keys</Link>) as <code>Authorization: Bearer cst_…</code>: the registry reads
          a prompt by its slug (
          <code>
            GET {API_BASE}/registry/prompts/{'{slug}'}?label=production
          </code>
          ) and fills it (
          <code>
            POST {API_BASE}/registry/prompts/{'{slug}'}/compile
          </code>
          ). The TypeScript SDK <code>@construct/sdk</code> wraps both. Each prompt's card has 'Use from code' with the calls for that prompt.
        </p>
        <p>
          The machine-readable description: <a href={`${API_BASE}/openapi.json`}>{`${API_BASE}/openapi.json`}</a> (OpenAPI {doc.data.openapi}).
        </p>
      </Card>
      {ordered.map(([group, ops]) => (
        <section key={group} className="api-reference__group" aria-labelledby={`api-group-${group}`}>
          <h2 id={`api-group-${group}`}>{group}</h2>
          <ul className="api-reference__ops">
            {ops.map(({ method, path, op }) => (
              <OperationItem key={`${method} ${path}`} method={method} path={path} op={op} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

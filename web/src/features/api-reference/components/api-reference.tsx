import { Link } from 'react-router-dom';
import { API_BASE, ROUTES } from '@shared/routes';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { type Operation, useOpenApi } from '../api/get-openapi';
import './api-reference.css';

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Routes an API key opens (the rest take a signed-in session): read from the route table, as the server does. */
const KEY_ROUTES = new Set(ROUTES.filter((r) => r.access === 'key_or_user').map((r) => `${r.method} ${API_BASE}${r.path}`));

/** The first path segment after the base names an operation's group (prompts, registry, teams, …). */
const groupOf = (path: string) => path.slice(API_BASE.length).split('/')[1] || 'system';

function access(method: string, path: string, op: Operation): string {
  if (KEY_ROUTES.has(`${method.toUpperCase()} ${path}`)) return 'API key or session';
  return op.security ? 'Session' : 'Public';
}

/** A schema as indented JSON, folded: the document's own words, nothing re-described by hand. */
function SchemaBlock({ label, schema }: { label: string; schema: unknown }) {
  return (
    <details className="api-op__schema">
      <summary>{label}</summary>
      <pre>{JSON.stringify(schema, null, 2)}</pre>
    </details>
  );
}

function OperationItem({ method, path, op }: { method: string; path: string; op: Operation }) {
  const [status, ok] = Object.entries(op.responses).find(([code]) => code !== 'default') ?? [];
  const request = op.requestBody ? Object.entries(op.requestBody.content)[0] : undefined;
  const answer = ok?.content ? Object.entries(ok.content)[0] : undefined;
  return (
    <li className="api-op">
      <p className="api-op__line">
        <span className={`api-op__method api-op__method--${method}`}>{method.toUpperCase()}</span>
        <code className="api-op__path">{path}</code>
        <Badge variant={access(method, path, op) === 'API key or session' ? 'accent' : 'neutral'}>{access(method, path, op)}</Badge>
      </p>
      {op.summary ? <p className="api-op__summary">{op.summary}</p> : null}
      {op.parameters?.length ? (
        <p className="api-op__params">
          Parameters:{' '}
          {op.parameters.map((p, i) => (
            <span key={`${p.in}-${p.name}`}>
              {i ? ', ' : ''}
              <code>{p.name}</code> ({p.in}
              {p.required ? ', required' : ''})
            </span>
          ))}
        </p>
      ) : null}
      {request?.[1].schema ? <SchemaBlock label={`Request body (${request[0]})`} schema={request[1].schema} /> : null}
      {answer?.[1].schema ? <SchemaBlock label={`Answer ${status} (${answer[0]})`} schema={answer[1].schema} /> : null}
    </li>
  );
}

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

import { API_BASE, ROUTES } from '@shared/routes';
import { Badge } from '@/components/ui/badge';
import type { Operation } from '../api/get-openapi';
import { SchemaBlock } from './schema-block';

/** Routes an API key opens (the rest take a signed-in session): read from the route table, as the server does. */
const KEY_ROUTES = new Set(ROUTES.filter((r) => r.access === 'key_or_user').map((r) => `${r.method} ${API_BASE}${r.path}`));

function access(method: string, path: string, op: Operation): string {
  if (KEY_ROUTES.has(`${method.toUpperCase()} ${path}`)) return 'API key or session';
  return op.security ? 'Session' : 'Public';
}

/** One operation of the OpenAPI document: method, path, who may call it, parameters, request and answer schemas. */
export function OperationItem({ method, path, op }: { method: string; path: string; op: Operation }) {
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

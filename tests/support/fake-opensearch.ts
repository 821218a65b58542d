import { createServer, type Server } from 'node:http';

/**
 * A loopback server speaking the part of the OpenSearch HTTP API the library search uses (index
 * exists/create, `_bulk`, `_search`), so functions/lib/services/library-search.ts runs unchanged against it. Queries are evaluated as OpenSearch does for the clauses the
 * product sends: bool (filter/must/should), dis_max, constant_score, match_phrase_prefix (standard
 * analyzer: lower-cased words), term, terms, range; sort by fields and `_score`; from/size;
 * track_total_hits; terms aggregations; post_filter; `_source` includes.
 *
 * `requests` records each request (method, path, authorization, body); `failBulk` makes `_bulk`
 * answer an item error, as an unreachable or refusing collection would.
 */
export interface FakeOpenSearch {
  url: string;
  requests: { method: string; path: string; authorization?: string; body: any }[];
  documents: Map<string, Record<string, any>>;
  failBulk: boolean;
  close(): Promise<void>;
}

type Doc = Record<string, any>;

const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

function phrasePrefix(value: unknown, query: string): boolean {
  const want = words(query);
  if (!want.length) return false;
  const values = Array.isArray(value) ? value : [value];
  return values.some((v) => {
    const have = words(String(v ?? ''));
    for (let i = 0; i + want.length <= have.length; i++) {
      if (want.every((w, j) => (j === want.length - 1 ? have[i + j]!.startsWith(w) : have[i + j] === w))) return true;
    }
    return false;
  });
}

const field = (doc: Doc, path: string) => path.split('.').reduce<any>((v, k) => v?.[k], doc);
const asArray = (v: unknown) => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

/** The score of a document for a query, or undefined when it does not match. */
function score(doc: Doc, q: any): number | undefined {
  const [kind, arg] = Object.entries(q)[0] as [string, any];
  switch (kind) {
    case 'match_all':
      return 1;
    case 'bool': {
      for (const c of asArray(arg.filter)) if (score(doc, c) === undefined) return undefined;
      let total = 0;
      for (const c of asArray(arg.must)) {
        const s = score(doc, c);
        if (s === undefined) return undefined;
        total += s;
      }
      const should = asArray(arg.should)
        .map((c) => score(doc, c))
        .filter((s) => s !== undefined) as number[];
      const minimum = arg.minimum_should_match ?? (arg.must || arg.filter ? 0 : asArray(arg.should).length ? 1 : 0);
      if (should.length < minimum) return undefined;
      return total + should.reduce((a, b) => a + b, 0);
    }
    case 'dis_max': {
      const scores = (arg.queries as any[]).map((c) => score(doc, c)).filter((s) => s !== undefined) as number[];
      return scores.length ? Math.max(...scores) : undefined;
    }
    case 'constant_score':
      return score(doc, arg.filter) === undefined ? undefined : (arg.boost ?? 1);
    case 'match_phrase_prefix': {
      const [name, text] = Object.entries(arg)[0] as [string, string];
      return phrasePrefix(field(doc, name), text) ? 1 : undefined;
    }
    case 'term': {
      const [name, value] = Object.entries(arg)[0] as [string, unknown];
      return asArray(field(doc, name)).includes(value) ? 1 : undefined;
    }
    case 'terms': {
      const [name, values] = Object.entries(arg)[0] as [string, unknown[]];
      return asArray(field(doc, name)).some((v) => values.includes(v)) ? 1 : undefined;
    }
    case 'range': {
      const [name, bounds] = Object.entries(arg)[0] as [string, Record<string, number>];
      const v = field(doc, name);
      const ok =
        (bounds.lte === undefined || v <= bounds.lte) &&
        (bounds.lt === undefined || v < bounds.lt) &&
        (bounds.gte === undefined || v >= bounds.gte) &&
        (bounds.gt === undefined || v > bounds.gt);
      return ok ? 1 : undefined;
    }
    default:
      throw new Error(`fake OpenSearch: unsupported query ${kind}`);
  }
}

function compare(a: { doc: Doc; score: number }, b: { doc: Doc; score: number }, sort: Record<string, string>[]): number {
  for (const s of sort) {
    const [name, direction] = Object.entries(s)[0]!;
    const x = name === '_score' ? a.score : field(a.doc, name);
    const y = name === '_score' ? b.score : field(b.doc, name);
    // Keyword fields sort by their bytes, numbers by value.
    const c = x < y ? -1 : x > y ? 1 : 0;
    if (c) return direction === 'desc' ? -c : c;
  }
  return 0;
}

function pick(doc: Doc, includes: string[] | undefined): Doc {
  if (!includes) return doc;
  const out: Doc = {};
  for (const path of includes) {
    const keys = path.split('.');
    const value = field(doc, path);
    if (value === undefined) continue;
    let target = out;
    for (const k of keys.slice(0, -1)) target = target[k] ??= {};
    target[keys.at(-1)!] = value;
  }
  return out;
}

export async function startFakeOpenSearch(): Promise<FakeOpenSearch> {
  const indices = new Set<string>();
  const fake: FakeOpenSearch = { url: '', requests: [], documents: new Map(), failBulk: false, close: async () => {} };
  const server: Server = createServer(async (req, res) => {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    const path = (req.url ?? '').split('?')[0]!;
    const method = req.method ?? 'GET';
    const ndjson = path.endsWith('/_bulk');
    const body = raw
      ? ndjson
        ? raw
            .trim()
            .split('\n')
            .map((l) => JSON.parse(l))
        : JSON.parse(raw)
      : undefined;
    fake.requests.push({ method, path, authorization: req.headers.authorization, body });
    const send = (status: number, answer?: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(answer === undefined ? '' : JSON.stringify(answer));
    };
    const index = /^\/([^/_][^/]*)$/.exec(path)?.[1];
    if (index && method === 'HEAD') return send(indices.has(index) ? 200 : 404);
    if (index && method === 'PUT') {
      indices.add(index);
      return send(200, { acknowledged: true, index });
    }
    if (path === '/_bulk' && method === 'POST') {
      const items: object[] = [];
      for (let i = 0; i < body.length; i++) {
        const [op, meta] = Object.entries(body[i])[0] as [string, { _id: string }];
        if (fake.failBulk) items.push({ [op]: { _id: meta._id, status: 503, error: { reason: 'collection unavailable' } } });
        else if (op === 'index') {
          fake.documents.set(meta._id, body[i + 1]);
          items.push({ index: { _id: meta._id, status: 201 } });
        } else if (op === 'delete') items.push({ delete: { _id: meta._id, status: fake.documents.delete(meta._id) ? 200 : 404 } });
        if (op === 'index') i++;
      }
      return send(200, { took: 1, errors: fake.failBulk, items });
    }
    const searched = /^\/([^/]+)\/_search$/.exec(path)?.[1];
    if (searched && method === 'POST') {
      if (!indices.has(searched)) return send(404, { error: { type: 'index_not_found_exception' }, status: 404 });
      const matched = [...fake.documents.values()].flatMap((doc) => {
        const s = score(doc, body.query ?? { match_all: {} });
        return s === undefined ? [] : [{ doc, score: s }];
      });
      const aggregations = body.aggs
        ? Object.fromEntries(
            Object.entries(body.aggs as Record<string, { terms: { field: string; size: number } }>).map(([name, agg]) => {
              const counts = new Map<string, number>();
              for (const { doc } of matched) for (const v of asArray(field(doc, agg.terms.field))) counts.set(v, (counts.get(v) ?? 0) + 1);
              const buckets = [...counts]
                .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
                .slice(0, agg.terms.size)
                .map(([key, doc_count]) => ({ key, doc_count }));
              return [name, { buckets }];
            }),
          )
        : undefined;
      const hits = body.post_filter ? matched.filter(({ doc }) => score(doc, body.post_filter) !== undefined) : matched;
      hits.sort((a, b) => compare(a, b, body.sort ?? [{ _score: 'desc' }]));
      const page = hits.slice(body.from ?? 0, (body.from ?? 0) + (body.size ?? 10));
      return send(200, {
        took: 1,
        hits: {
          total: { value: hits.length, relation: 'eq' },
          hits: page.map(({ doc, score: s }) => ({ _index: searched, _id: doc.id, _score: s, _source: pick(doc, body._source) })),
        },
        ...(aggregations ? { aggregations } : {}),
      });
    }
    send(404, { error: { type: 'not_found', reason: `${method} ${path}` }, status: 404 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  fake.url = `http://127.0.0.1:${address.port}`;
  fake.close = () => new Promise((resolve) => server.close(() => resolve()));
  return fake;
}

import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { ImportPreview } from '@shared/contract/transfer';
import { paths } from '@/config/paths';
import { plural } from '../utils/filter-prompts';
import { DialogError } from './dialog-error';
import { ImportPreviewList } from './import-preview-list';

const REASONS = { in_workspace: 'already in your prompts', in_file: 'repeated in this file' } as const;

export function ImportPreviewPanel({ preview, fileName }: { preview: ImportPreview; fileName: string }) {
  const headingId = useId();
  const { create, duplicates, categories_to_create: categories, limit } = preview;
  return (
    <section className="import-preview" aria-labelledby={headingId}>
      <h3 id={headingId} className="import-preview__title">
        Preview of {fileName}
      </h3>
      <div role="status">
        <ul className="import-preview__summary">
          <li>
            <strong>{plural(create.length, 'new prompt', 'new prompts')}</strong> to import
          </li>
          <li>
            <strong>{plural(duplicates.length, 'duplicate', 'duplicates')}</strong> skipped
          </li>
          <li>
            <strong>{plural(categories.length, 'new category', 'new categories')}</strong> to create
          </li>
        </ul>
      </div>

      {!limit.allowed ? (
        <DialogError>
          {limit.detail}{' '}
          <Link to={paths.pricing} className="import-preview__upgrade">
            See plans
          </Link>
        </DialogError>
      ) : null}

      {create.length ? (
        <ImportPreviewList label="New prompts">
          {create.map((p, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the server's preview rows in its order; two rows may share a title.
            <li key={i}>
              {p.title}
              {p.category ? <span className="import-preview__meta"> · {p.category}</span> : null}
            </li>
          ))}
        </ImportPreviewList>
      ) : null}

      {duplicates.length ? (
        <ImportPreviewList label="Skipped as duplicates">
          {duplicates.map((d, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the server's preview rows in its order; two rows may share a title.
            <li key={i}>
              {d.title}
              <span className="import-preview__meta"> · {REASONS[d.reason]}</span>
            </li>
          ))}
        </ImportPreviewList>
      ) : null}

      {categories.length ? (
        <ImportPreviewList label="Categories to create">
          {categories.map((name) => (
            <li key={name}>{name}</li>
          ))}
        </ImportPreviewList>
      ) : null}
    </section>
  );
}

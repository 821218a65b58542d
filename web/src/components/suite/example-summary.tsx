import type { Example } from '@shared/contract/suite';
import { Badge } from '@/components/ui/badge';
import './suite.css';

const SOURCE: Record<Example['source'], string> = { manual: 'Written here', run: 'Kept from a run', import: 'Imported', library: 'From the library' };

/** An example as a list shows it: its number, inputs, expected answer (three lines at most), rating, source and note. */
export function ExampleSummary({ example, index }: { example: Pick<Example, 'inputs' | 'expected' | 'rating' | 'note' | 'source'>; index: number }) {
  return (
    <div className="suite-example">
      <p className="suite-example__inputs">
        <span className="suite-example__number">#{index + 1}</span>
        {Object.entries(example.inputs).map(([key, value]) => (
          <span key={key}>
            <strong>{key}</strong>: {value}
          </span>
        ))}
        {Object.keys(example.inputs).length === 0 ? <span className="suite-example__muted">No inputs</span> : null}
      </p>
      {example.expected ? <p className="suite-example__expected">Expected: {example.expected}</p> : null}
      <p className="suite-example__meta">
        {example.rating ? <Badge variant={example.rating === 'good' ? 'success' : 'danger'}>{example.rating === 'good' ? 'Good' : 'Bad'}</Badge> : null}
        <span>{SOURCE[example.source]}</span>
        {example.note ? <span>{example.note}</span> : null}
      </p>
    </div>
  );
}

import { Link } from 'react-router-dom';
import type { Review } from '@shared/contract/reviews';
import { DiffView } from '@/components/diff-view';
import { Badge } from '@/components/ui/badge';
import { evaluatePath } from '@/config/paths';
import { settingValue, textsOf, variableLine } from '../utils/review-text';

/**
 * What a review changes, as the server answers it (never recomputed here): the text against the
 * label's version now, the variable contract, the model settings, and the version's latest evaluation.
 */
export function ReviewDiff({ review, diff }: { review: Review; diff: NonNullable<Review['diff']> }) {
  const { before, after } = textsOf(diff.text);
  const base = diff.base_version;
  const evaluation = diff.evaluation;
  return (
    <div className="review__diff">
      <section aria-label="Text changes">
        <h4 className="review__subheading">{base === null ? `Text (${review.label} is not pinned yet)` : `Text: v${base} → v${review.version}`}</h4>
        <DiffView
          before={before}
          after={after}
          label={base === null ? `Text of version ${review.version}` : `Text changes from v${base} to v${review.version}`}
        />
      </section>
      <section aria-label="Variable contract">
        <h4 className="review__subheading">Variables</h4>
        {diff.variables.length ? (
          <ul className="review__changes">
            {diff.variables.map((change) => (
              <li key={`${change.change}-${change.key}`}>{variableLine(change)}</li>
            ))}
          </ul>
        ) : (
          <p className="status-note">No change to the variables.</p>
        )}
      </section>
      <section aria-label="Model settings">
        <h4 className="review__subheading">Settings</h4>
        {diff.settings.length ? (
          <ul className="review__changes">
            {diff.settings.map((change) => (
              <li key={change.setting}>
                {change.setting}: {settingValue(change.before)} → {settingValue(change.after)}
              </li>
            ))}
          </ul>
        ) : (
          <p className="status-note">No change to the model settings.</p>
        )}
      </section>
      <section aria-label="Latest evaluation">
        <h4 className="review__subheading">Latest evaluation</h4>
        {evaluation ? (
          <p className="review__evaluation">
            {evaluation.pass_rate === null ? `Evaluation ${evaluation.status}.` : `Pass rate ${Math.round(evaluation.pass_rate * 100)}%.`}
            {evaluation.stale ? <Badge variant="danger">Stale</Badge> : null}
            <Link to={evaluatePath(review.prompt_id, evaluation.id)}>See the evaluation</Link>
          </p>
        ) : (
          <p className="review__evaluation">
            No evaluation of version {review.version} yet. <Link to={evaluatePath(review.prompt_id)}>Evaluate this prompt</Link>
          </p>
        )}
      </section>
    </div>
  );
}

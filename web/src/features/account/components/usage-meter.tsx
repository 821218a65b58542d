import type { Meter } from '@shared/contract/account';
import './account.css';

export function UsageMeter({ label, meter }: { label: string; meter: Meter }) {
  const share = meter.limit ? Math.min(1, meter.used / meter.limit) : 0;
  const text = meter.limit === null ? `${meter.used} used · unlimited` : `${meter.used} of ${meter.limit}`;
  return (
    <li className="usage-meter">
      <div className="usage-meter__row">
        <span className="usage-meter__label">{label}</span>
        <span className="usage-meter__value">{text}</span>
      </div>
      {meter.limit === null ? null : (
        // biome-ignore lint/a11y/useSemanticElements: a styled track and fill; <meter> draws its own bar in each browser.
        <div
          className={`usage-meter__track${share >= 1 ? ' usage-meter__track--full' : ''}`}
          role="meter"
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={meter.limit}
          aria-valuenow={Math.min(meter.used, meter.limit)}
          aria-valuetext={text}
        >
          <div className="usage-meter__fill" style={{ width: `${share * 100}%` }} />
        </div>
      )}
    </li>
  );
}

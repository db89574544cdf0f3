import { Icon } from '@/components/Icon';
import { formatNumber, useT } from '@/lib/i18n';

interface QuantityStepperProps {
  value: number;
  onChange: (value: number) => void;
  max?: number;
  /** Names what the quantity is of, for screen readers. */
  label: string;
  disabled?: boolean;
}

/** Minus and plus around the quantity; minus is disabled at 1 and nothing goes below 1. */
export function QuantityStepper({ value, onChange, max = 99, label, disabled = false }: QuantityStepperProps) {
  const t = useT();
  const set = (next: number) => {
    if (next >= 1 && next <= max) onChange(next);
  };
  return (
    <div className="inline-flex items-center rounded-lg border border-stone-300" role="group" aria-label={label}>
      <button type="button" className="icon-btn" onClick={() => set(value - 1)} disabled={disabled || value <= 1} aria-label={t('quantity.decrease')}>
        <Icon name="minus" className="size-5" />
      </button>
      <output className="min-w-10 text-center font-semibold" aria-live="polite">
        <span className="sr-only">{t('quantity.label')} </span>
        {formatNumber(value)}
      </output>
      <button type="button" className="icon-btn" onClick={() => set(value + 1)} disabled={disabled || value >= max} aria-label={t('quantity.increase')}>
        <Icon name="plus" className="size-5" />
      </button>
    </div>
  );
}

import { useT } from '@/lib/i18n';
import type { StockState } from '@/types/api';

const styles: Record<StockState, string> = {
  in_stock: 'text-green-800',
  low_stock: 'text-amber-800',
  out_of_stock: 'text-red-800',
};

export function StockStatus({ state, stock }: { state: StockState; stock: number }) {
  const t = useT();
  const text =
    state === 'in_stock' ? t('stock.inStock') : state === 'low_stock' ? t('stock.lowStock', { count: stock }) : t('stock.outOfStock');
  return <p className={`font-semibold ${styles[state]}`}>{text}</p>;
}

/** The count of new orders beside a link or the menu button; nothing when there are none. */
export function NewOrdersBadge({ count, className = '' }: { count: number; className?: string }) {
  if (count <= 0) return null;
  const text = count > 99 ? '99+' : String(count);
  return (
    <span className={`inline-flex min-w-6 items-center justify-center rounded-full bg-amber-400 px-1.5 text-sm font-bold text-stone-950 tabular-nums ${className}`}>
      {text}
      <span className="sr-only">{count === 1 ? ' new order' : ' new orders'}</span>
    </span>
  );
}

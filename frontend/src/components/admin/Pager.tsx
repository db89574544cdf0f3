/** Previous / next through a paged back-office list; nothing when everything fits on one page. */
export function Pager({ page, total, perPage, hasMore, onPage }: { page: number; total: number; perPage: number; hasMore: boolean; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / perPage));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-5 flex items-center justify-between gap-3">
      <button type="button" className="btn-secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="text-sm text-stone-700">
        Page {page} of {pages}
      </span>
      <button type="button" className="btn-secondary" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}

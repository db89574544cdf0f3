/**
 * Previous and next under a paged back-office list, with where the list stands; nothing for one
 * page (unless an old address opened a page past the end: then Previous leads back).
 */
export function Pager({ page, pages, hasMore, onPage }: { page: number; pages: number; hasMore: boolean; onPage: (page: number) => void }) {
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

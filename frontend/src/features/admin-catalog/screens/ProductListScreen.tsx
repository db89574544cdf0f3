// Every product, inactive ones too: search, filters and sort live in the URL, so a filtered list
// can be bookmarked, shared with a colleague, and comes back after opening a product.
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { AdminPage } from '@/components/admin/AdminPage';
import { Pager } from '@/components/admin/Pager';
import { ErrorBox } from '@/components/ErrorBox';
import { controlClass } from '@/components/form/FieldFrame';
import { formatLocalDate } from '@/lib/dates';
import { useDebouncedValue } from '@/lib/hooks';
import { formatRupees, toPaise } from '@/lib/money';
import { useProductList } from '@/features/admin-catalog/api/products';
import { useDeskBrands, useDeskCategories } from '@/features/admin-catalog/api/taxonomy';
import { CategoryOptions } from '@/features/admin-catalog/components/CategoryOptions';
import type { StaffProductSummary } from '@/types/desk';
import { adminPaths } from '@/lib/admin-paths';

const PER_PAGE = '25';

function FilterSelect({ id, label, value, onChange, children }: { id: string; label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
      </label>
      <select id={id} value={value} onChange={(event) => onChange(event.target.value)} className={`${controlClass()} min-h-11`}>
        {children}
      </select>
    </div>
  );
}

function Badges({ product }: { product: StaffProductSummary }) {
  return (
    <span className="flex flex-wrap gap-1">
      {product.is_active ? null : <span className="rounded bg-stone-200 px-2 py-0.5 text-xs font-semibold text-stone-800">Inactive</span>}
      {product.is_featured ? <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">Featured</span> : null}
      {product.low_stock ? <span className="rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">Low stock</span> : null}
    </span>
  );
}

const price = (product: StaffProductSummary) => (product.retail_price === null ? '—' : formatRupees(toPaise(product.retail_price)));

function ProductRows({ products }: { products: StaffProductSummary[] }) {
  return (
    <>
      <table className="hidden w-full border-collapse text-left md:table">
        <thead>
          <tr className="border-b border-stone-300 text-sm text-stone-600">
            <th className="py-2 pr-3 font-semibold">Product</th>
            <th className="py-2 pr-3 font-semibold">Brand</th>
            <th className="py-2 pr-3 text-right font-semibold">Price from</th>
            <th className="py-2 pr-3 text-right font-semibold">Stock</th>
            <th className="py-2 pr-3 font-semibold">Updated</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product.id} className="border-b border-stone-200 align-top">
              <td className="py-3 pr-3">
                <Link to={adminPaths.product.getHref(product.id)} className="font-semibold text-green-900 underline">
                  {product.name}
                </Link>
                <div className="mt-1 text-sm text-stone-600">
                  {product.variant_count} {product.variant_count === 1 ? 'variant' : 'variants'}
                </div>
                <div className="mt-1">
                  <Badges product={product} />
                </div>
              </td>
              <td className="py-3 pr-3">{product.brand_name}</td>
              <td className="py-3 pr-3 text-right tabular-nums">{price(product)}</td>
              <td className={`py-3 pr-3 text-right tabular-nums ${product.low_stock ? 'font-semibold text-red-800' : ''}`}>{product.stock}</td>
              <td className="py-3 pr-3 text-sm text-stone-600">{formatLocalDate(product.updated_at)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="space-y-3 md:hidden">
        {products.map((product) => (
          <li key={product.id}>
            <Link to={adminPaths.product.getHref(product.id)} className="block rounded-xl border border-stone-200 bg-white p-4 active:bg-stone-50">
              <span className="block font-semibold text-green-900">{product.name}</span>
              <span className="mt-1 block text-sm text-stone-600">
                {product.brand_name} · {product.variant_count} {product.variant_count === 1 ? 'variant' : 'variants'}
              </span>
              <span className="mt-2 flex items-center justify-between gap-2 text-sm">
                <span className="tabular-nums">From {price(product)}</span>
                <span className={`tabular-nums ${product.low_stock ? 'font-semibold text-red-800' : ''}`}>{product.stock} in stock</span>
              </span>
              <span className="mt-2 block">
                <Badges product={product} />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

export default function ProductListScreen() {
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const activeFilters = ['brand', 'category', 'active', 'featured', 'low_stock', 'sort'].filter((name) => params.get(name)).length;
  const debouncedSearch = useDebouncedValue(search.trim(), 300);
  const brands = useDeskBrands();
  const categories = useDeskCategories();

  const setFilter = (name: string, value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        if (name !== 'page') next.delete('page');
        return next;
      },
      { replace: name === 'search' },
    );

  useEffect(() => {
    if ((params.get('search') ?? '') !== debouncedSearch) setFilter('search', debouncedSearch);
    // Only the typed words drive this; the other filters change through setFilter directly.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debouncedSearch]);

  const query = new URLSearchParams(params);
  query.set('per_page', PER_PAGE);
  const list = useProductList(query);
  const page = Number(params.get('page') ?? '1');
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.per_page)) : 1;

  return (
    <AdminPage
      title="Products"
      intro={list.data ? `${list.data.total} ${list.data.total === 1 ? 'product' : 'products'}` : undefined}
      actions={
        <Link to={adminPaths.newProduct.getHref()} className="btn-primary">
          New product
        </Link>
      }
    >
      <form role="search" className="grid gap-3 rounded-xl border border-stone-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4" onSubmit={(event) => event.preventDefault()}>
        <div className="sm:col-span-2">
          <label htmlFor="product-search" className="block text-sm font-medium text-stone-800">
            Search by name, brand or SKU
          </label>
          <input id="product-search" type="search" value={search} onChange={(event) => setSearch(event.target.value)} className={`${controlClass()} min-h-11`} />
        </div>
        {/* On a phone the filters fold away behind one button, so the list starts on the first screen. */}
        <button type="button" className="btn-secondary sm:hidden" aria-expanded={filtersOpen} aria-controls="product-filters" onClick={() => setFiltersOpen((open) => !open)}>
          {filtersOpen ? 'Hide filters' : activeFilters > 0 ? `Filters and sort (${activeFilters} set)` : 'Filters and sort'}
        </button>
        <div id="product-filters" className={`${filtersOpen ? 'grid' : 'hidden'} gap-3 sm:col-span-2 sm:grid sm:grid-cols-2 lg:col-span-4 lg:grid-cols-4`}>
          <FilterSelect id="filter-brand" label="Brand" value={params.get('brand') ?? ''} onChange={(value) => setFilter('brand', value)}>
            <option value="">All brands</option>
            {brands.data?.map((brand) => (
              <option key={brand.id} value={brand.id}>
                {brand.name}
              </option>
            ))}
          </FilterSelect>
          <FilterSelect id="filter-category" label="Category" value={params.get('category') ?? ''} onChange={(value) => setFilter('category', value)}>
            <option value="">All categories</option>
            {categories.data ? <CategoryOptions categories={categories.data} /> : null}
          </FilterSelect>
          <FilterSelect id="filter-active" label="Shown in the shop" value={params.get('active') ?? ''} onChange={(value) => setFilter('active', value)}>
            <option value="">Active and inactive</option>
            <option value="true">Active only</option>
            <option value="false">Inactive only</option>
          </FilterSelect>
          <FilterSelect id="filter-featured" label="Featured" value={params.get('featured') ?? ''} onChange={(value) => setFilter('featured', value)}>
            <option value="">Any</option>
            <option value="true">Featured only</option>
            <option value="false">Not featured</option>
          </FilterSelect>
          <FilterSelect id="filter-stock" label="Stock" value={params.get('low_stock') ?? ''} onChange={(value) => setFilter('low_stock', value)}>
            <option value="">Any stock</option>
            <option value="true">Low stock only</option>
          </FilterSelect>
          <FilterSelect id="sort" label="Sort by" value={params.get('sort') ?? 'name'} onChange={(value) => setFilter('sort', value === 'name' ? '' : value)}>
            <option value="name">Name</option>
            <option value="updated">Recently updated</option>
            <option value="stock">Least stock</option>
            <option value="featured">Featured order</option>
          </FilterSelect>
        </div>
      </form>

      <div className="mt-5" aria-busy={list.isFetching}>
        {list.isError ? <ErrorBox onRetry={() => void list.refetch()}>{list.error.message}</ErrorBox> : null}
        {list.isPending ? <p role="status">Loading products…</p> : null}
        {list.data && list.data.data.length === 0 ? <p className="rounded-xl border border-stone-200 bg-white p-6 text-center text-stone-700">No product matches these filters.</p> : null}
        {list.data && list.data.data.length > 0 ? <ProductRows products={list.data.data} /> : null}
      </div>

      {list.data ? <Pager page={page} pages={pages} hasMore={list.data.has_more} onPage={(next) => setFilter('page', String(next))} /> : null}
    </AdminPage>
  );
}

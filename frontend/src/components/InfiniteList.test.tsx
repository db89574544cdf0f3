import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { InfiniteList, type InfiniteListProps } from '@/components/InfiniteList';

let observed: { callback: IntersectionObserverCallback; target?: Element }[] = [];

beforeEach(() => {
  observed = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      private entry: { callback: IntersectionObserverCallback; target?: Element };
      constructor(callback: IntersectionObserverCallback) {
        this.entry = { callback };
        observed.push(this.entry);
      }
      observe(target: Element) {
        this.entry.target = target;
      }
      disconnect() {
        observed = observed.filter((e) => e !== this.entry);
      }
    },
  );
});

/** Tells the live observers that the sentinel came into view. */
function scrollToEnd() {
  for (const { callback, target } of observed) {
    callback([{ isIntersecting: true, target } as IntersectionObserverEntry], {} as IntersectionObserver);
  }
}

function setup(props: Partial<InfiniteListProps<string>> = {}) {
  const loadMore = vi.fn();
  const retry = vi.fn();
  const view = render(
    <InfiniteList<string>
      items={['Neem cake', 'Bone meal']}
      getKey={(item) => item}
      renderItem={(item) => <span>{item}</span>}
      isPending={false}
      isError={false}
      hasNextPage
      isFetchingNextPage={false}
      loadMore={loadMore}
      retry={retry}
      emptyText="Nothing here"
      label="Products"
      {...props}
    />,
  );
  return { ...view, loadMore, retry, state: () => view.container.firstElementChild?.getAttribute('data-state') };
}

describe('InfiniteList', () => {
  it('loading: holds the space with placeholders while the first page loads', () => {
    const { state } = setup({ items: [], isPending: true });
    expect(state()).toBe('loading');
    expect(screen.getByRole('list', { name: 'Products' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading…')).toBeInTheDocument();
  });

  it('loaded: shows the items and loads the next page near the end', () => {
    const { state, loadMore } = setup();
    expect(state()).toBe('loaded');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    expect(loadMore).not.toHaveBeenCalled();
    scrollToEnd();
    expect(loadMore).toHaveBeenCalledTimes(1);
  });

  it('loaded: also offers a button for the next page', async () => {
    const { loadMore } = setup();
    await userEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(loadMore).toHaveBeenCalledTimes(1);
  });

  it('loading the next page: keeps the items and stops watching the end', () => {
    const { state, loadMore } = setup({ isFetchingNextPage: true });
    expect(state()).toBe('loading');
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    scrollToEnd();
    expect(loadMore).not.toHaveBeenCalled();
  });

  it('complete: says there are no more results', () => {
    const { state } = setup({ hasNextPage: false });
    expect(state()).toBe('complete');
    expect(screen.getByText('No more results!')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('complete and empty: says so in its own words', () => {
    setup({ items: [], hasNextPage: false });
    expect(screen.getByText('Nothing here')).toBeInTheDocument();
    expect(screen.queryByText('No more results!')).not.toBeInTheDocument();
  });

  it('error on the first page: retries the list', async () => {
    const { state, retry, loadMore } = setup({ items: [], isError: true });
    expect(state()).toBe('error');
    expect(screen.getByText('Oops something went wrong!')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(loadMore).not.toHaveBeenCalled();
  });

  it('error on a later page: keeps the items and retries that page', async () => {
    const { retry, loadMore } = setup({ isError: true });
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(loadMore).toHaveBeenCalledTimes(1);
    expect(retry).not.toHaveBeenCalled();
  });
});

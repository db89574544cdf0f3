import { useEffect } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, TOAST_FADE_MS } from '@/components/toast/Toast';
import { ToastProvider } from '@/components/toast/ToastProvider';
import { loadToastStack } from '@/components/toast/ToastViewport';
import { useToast, type ToastApi } from '@/components/toast/useToast';

let toast: ToastApi;
function Grab() {
  const api = useToast();
  useEffect(() => {
    toast = api;
  }, [api]);
  return null;
}

const renderToasts = (extra?: React.ReactNode) =>
  render(
    <ToastProvider>
      <Grab />
      {extra}
    </ToastProvider>,
  );

describe('Toast', () => {
  // The stack's code comes after the page (ToastViewport); here it is loaded before the first toast.
  beforeAll(async () => {
    await loadToastStack();
  });
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('announces a success politely with its heading and message', () => {
    renderToasts();
    act(() => toast.success('Added to cart', 'Neem Cake Powder, 5 kg'));
    const status = screen.getByRole('status');
    expect(status).toHaveAttribute('aria-live', 'polite');
    expect(status).toHaveTextContent('Added to cart');
    expect(status).toHaveTextContent('Neem Cake Powder, 5 kg');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('announces an error as an alert; the message is optional', () => {
    renderToasts();
    act(() => toast.error('Could not add to cart'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Could not add to cart');
    expect(within(alert).getAllByText(/./)).toHaveLength(1);
  });

  it('closes itself after 3000 ms, fades, then leaves the DOM', () => {
    renderToasts();
    act(() => toast.success('Saved'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(screen.getByRole('status')).not.toHaveAttribute('data-closing');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toHaveAttribute('data-closing');
    expect(screen.getByRole('status')).toHaveClass('opacity-0');
    act(() => vi.advanceTimersByTime(TOAST_FADE_MS));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('stacks toasts newest last, each on its own clock', () => {
    renderToasts();
    act(() => toast.success('First'));
    act(() => vi.advanceTimersByTime(1000));
    act(() => toast.error('Second', 'Only 3 of Neem Cake Powder can be bought now.'));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(Array.from(region.querySelectorAll('[role]')).map((item) => item.textContent)).toEqual([
      expect.stringContaining('First'),
      expect.stringContaining('Second'),
    ]);
    act(() => vi.advanceTimersByTime(2000));
    act(() => vi.advanceTimersByTime(TOAST_FADE_MS));
    expect(screen.queryByText('First')).not.toBeInTheDocument();
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1000 - TOAST_FADE_MS));
    act(() => vi.advanceTimersByTime(TOAST_FADE_MS));
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
  });

  it('keeps at most four, dropping the oldest', () => {
    renderToasts();
    act(() => {
      for (const n of [1, 2, 3, 4, 5]) toast.success(`Toast ${n}`);
    });
    expect(screen.queryByText('Toast 1')).not.toBeInTheDocument();
    expect(screen.getAllByRole('status')).toHaveLength(4);
  });

  it('closes from its named close button', () => {
    renderToasts();
    act(() => toast.error('Could not clear the cart'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    act(() => vi.advanceTimersByTime(TOAST_FADE_MS));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('stays while the pointer is on it', () => {
    renderToasts();
    act(() => toast.error('Could not add to cart', 'Only 3 of Neem Cake Powder can be bought now.'));
    fireEvent.mouseEnter(screen.getByRole('alert'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS * 3));
    expect(screen.getByRole('alert')).not.toHaveAttribute('data-closing');
    fireEvent.mouseLeave(screen.getByRole('alert'));
    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS));
    act(() => vi.advanceTimersByTime(TOAST_FADE_MS));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows inside an open modal dialog, where it is not inert', async () => {
    renderToasts(<dialog open aria-label="Shopping Cart" />);
    act(() => toast.error('Could not change the quantity'));
    // The observer reports the move asynchronously.
    await act(async () => {});
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent('Could not change the quantity');
  });

  it('keeps its clock when a dialog opens and the stack moves into it', async () => {
    renderToasts();
    act(() => toast.success('Saved'));
    act(() => vi.advanceTimersByTime(2000));
    const dialog = document.body.appendChild(document.createElement('dialog'));
    dialog.setAttribute('open', '');
    await act(async () => {});
    expect(within(dialog).getByRole('status')).toHaveTextContent('Saved');
    act(() => vi.advanceTimersByTime(1000));
    act(() => vi.advanceTimersByTime(TOAST_FADE_MS));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    dialog.remove();
  });

  it('asks for a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => render(<Grab />)).toThrow('useToast needs a ToastProvider');
  });
});

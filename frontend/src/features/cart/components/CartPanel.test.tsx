import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartPanel } from '@/app/cart-panel';
import { json, mockApi, withSession, type MockCall } from '@/testing/api-mock';
import { cartLine, cartOf, shop } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import type { Cart } from '@/types/api';

function OpenCart() {
  const { open } = useCartPanel();
  return (
    <button type="button" onClick={open}>
      Open cart
    </button>
  );
}

/** A promise the test settles by hand, to look at the panel while a change is on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

type Handler = (call: MockCall) => unknown;

function backend(cart: Cart, routes: Record<string, Handler> = {}) {
  return mockApi({ 'GET /api/shop': () => shop, 'GET /api/cart': () => cart, ...routes });
}

async function openPanel() {
  const user = userEvent.setup();
  renderWithApp(<OpenCart />);
  await user.click(screen.getByRole('button', { name: 'Open cart' }));
  const panel = await screen.findByRole('dialog', { name: 'Shopping Cart' });
  return { user, panel };
}

const total = () => screen.getByTestId('cart-total');
const location = () => screen.getByTestId('location').textContent;

describe('CartPanel', () => {
  // The panel is a lazy chunk: load it once here, so no test waits on the first transform.
  beforeAll(() => import('@/features/cart/components/CartPanel'));
  beforeEach(withSession);

  it('has nothing to check out when empty: Checkout disabled, no Clear Cart', async () => {
    backend(cartOf());
    const { panel } = await openPanel();
    expect(await within(panel).findByText('Your cart is empty.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Checkout' })).toBeDisabled();
    expect(within(panel).queryByRole('button', { name: 'Clear Cart' })).not.toBeInTheDocument();
    expect(within(panel).queryByTestId('cart-total')).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Continue Shopping' })).toBeEnabled();
  });

  it('shows each line: picture, name linked to the product, brand, unit price, stepper, Remove; and the Total', async () => {
    backend(cartOf(cartLine({ quantity: 2 }), cartLine({ product_id: 31, variant_id: 80, variant_name: null, price: 99.5, href: '/dealer/malabar/bone-meal', product: { id: 31, name: 'Bone Meal', slug: 'bone-meal', first_image_url: null, first_image_srcset: null, brand: { name: 'Malabar', slug: 'malabar' } } })));
    const { panel } = await openPanel();
    const items = await within(panel).findByRole('list', { name: 'Items in your cart' });
    const [neem, bone] = within(items).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(within(neem).getByRole('link', { name: 'Neem Cake Powder' })).toHaveAttribute('href', '/dealer/house-organics/neem-cake-powder');
    const image = neem.querySelector('img');
    expect(image).toHaveAttribute('src', '/media/products/neem-1.svg');
    expect(image).toHaveAttribute('width', '80');
    expect(image).toHaveAttribute('height', '80');
    expect(neem).toHaveTextContent('House Organics · 5 kg');
    expect(neem).toHaveTextContent('₹210.00each');
    expect(neem).toHaveTextContent('Line total ₹420.00');
    expect(within(neem).getByRole('textbox', { name: 'Quantity of Neem Cake Powder, 5 kg' })).toHaveValue('2');
    expect(within(neem).getByRole('button', { name: 'Remove Neem Cake Powder, 5 kg' })).toBeInTheDocument();
    expect(bone).toHaveTextContent('Malabar');
    expect(within(bone).getByRole('button', { name: 'Remove Bone Meal' })).toBeInTheDocument();
    expect(total()).toHaveTextContent('Total₹519.50');
    expect(panel).toHaveTextContent('Includes ₹24.74 GST');
    expect(within(panel).getByRole('button', { name: 'Checkout' })).toBeEnabled();
    expect(within(panel).getByRole('button', { name: 'Clear Cart' })).toBeInTheDocument();
  });

  it('disables minus at 1 and plus at what is in stock', async () => {
    backend(cartOf(cartLine({ quantity: 1, available: 1 })));
    const { panel } = await openPanel();
    const stepper = await within(panel).findByRole('group', { name: /Quantity of/ });
    expect(within(stepper).getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    expect(within(stepper).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
  });

  it('stops plus at 9,999 however much is in stock', async () => {
    backend(cartOf(cartLine({ quantity: 9999, available: 20_000 })));
    const { panel } = await openPanel();
    const stepper = await within(panel).findByRole('group', { name: /Quantity of/ });
    expect(within(stepper).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    expect(within(stepper).getByRole('button', { name: 'Decrease quantity' })).toBeEnabled();
  });

  it('says so when a line asks for more than is in stock now', async () => {
    backend(cartOf(cartLine({ quantity: 5, available: 2 }), cartLine({ product_id: 31, variant_id: 80, available: 0 })));
    const { panel } = await openPanel();
    expect(await within(panel).findByText('Only 2 in stock. Please lower the quantity.')).toBeInTheDocument();
    expect(within(panel).getByText('Out of stock now. Please remove it to check out.')).toBeInTheDocument();
  });

  it('steps a line above the stock left straight down to what is left, in one tap', async () => {
    // Ten were added; since then all but three were sold.
    const mock = backend(cartOf(cartLine({ quantity: 10, available: 3 })), { 'POST /api/cart/update': () => cartOf(cartLine({ quantity: 3, available: 3 })) });
    const { user, panel } = await openPanel();
    expect(await within(panel).findByText('Only 3 in stock. Please lower the quantity.')).toBeInTheDocument();
    const stepper = within(panel).getByRole('group', { name: /Quantity of/ });
    const minus = within(stepper).getByRole('button', { name: 'Decrease quantity' });
    expect(minus).toBeEnabled();
    expect(within(stepper).getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    await user.click(minus);
    expect(mock.callsTo('/api/cart/update').map((call) => call.body)).toEqual([{ product_id: 30, variant_id: 73, quantity: 3 }]);
    expect(within(stepper).getByRole('textbox')).toHaveValue('3');
    await waitFor(() => expect(within(panel).queryByText('Only 3 in stock. Please lower the quantity.')).not.toBeInTheDocument());
    expect(total()).toHaveTextContent('₹630.00');
  });

  it('leaves minus off on a line that is out of stock now: Remove is the way', async () => {
    backend(cartOf(cartLine({ quantity: 4, available: 0 })));
    const { panel } = await openPanel();
    expect(await within(panel).findByText('Out of stock now. Please remove it to check out.')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
  });

  it('changes the quantity at once, sends the new absolute value, then shows the server’s cart', async () => {
    const answer = deferred<Cart>();
    const mock = backend(cartOf(cartLine({ quantity: 2 })), { 'POST /api/cart/update': () => answer.promise });
    const { user, panel } = await openPanel();
    await within(panel).findByRole('list');
    expect(total()).toHaveTextContent('₹420.00');
    await user.click(within(panel).getByRole('button', { name: 'Increase quantity' }));
    expect(total()).toHaveTextContent('₹630.00');
    expect(within(panel).getByRole('textbox', { name: /Quantity of/ })).toHaveValue('3');
    expect(mock.callsTo('/api/cart/update')[0]?.body).toEqual({ product_id: 30, variant_id: 73, quantity: 3 });
    answer.resolve(cartOf(cartLine({ quantity: 3, price: 200 })));
    await waitFor(() => expect(total()).toHaveTextContent('₹600.00'));
  });

  it('sends quick changes one after another and keeps the last', async () => {
    const answers = [deferred<Cart>(), deferred<Cart>()];
    let n = 0;
    const mock = backend(cartOf(cartLine({ quantity: 1 })), { 'POST /api/cart/update': () => answers[n++]?.promise });
    const { user, panel } = await openPanel();
    await within(panel).findByRole('list');
    const plus = within(panel).getByRole('button', { name: 'Increase quantity' });
    await user.click(plus);
    await user.click(plus);
    expect(total()).toHaveTextContent('₹630.00');
    expect(mock.callsTo('/api/cart/update')).toHaveLength(1);
    answers[0]?.resolve(cartOf(cartLine({ quantity: 2 })));
    await waitFor(() => expect(mock.callsTo('/api/cart/update')).toHaveLength(2));
    // The first answer does not undo the second click while it is on its way.
    expect(total()).toHaveTextContent('₹630.00');
    expect(mock.callsTo('/api/cart/update').map((call) => (call.body as { quantity: number }).quantity)).toEqual([2, 3]);
    answers[1]?.resolve(cartOf(cartLine({ quantity: 3 })));
    await waitFor(() => expect(within(panel).getByRole('textbox', { name: /Quantity of/ })).toHaveValue('3'));
  });

  it('ignores a decrease below 1', async () => {
    const mock = backend(cartOf(cartLine({ quantity: 1 })));
    const { user, panel } = await openPanel();
    const minus = await within(panel).findByRole('button', { name: 'Decrease quantity' });
    await user.click(minus);
    expect(mock.callsTo('/api/cart/update')).toHaveLength(0);
    expect(within(panel).getByRole('textbox', { name: /Quantity of/ })).toHaveValue('1');
  });

  it('takes a typed quantity on Enter or on leaving the field, once', async () => {
    const mock = backend(cartOf(cartLine({ quantity: 2, available: 400 })));
    const { user, panel } = await openPanel();
    const field = await within(panel).findByRole('textbox', { name: /Quantity of/ });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('pattern', '[0-9]*');
    await user.clear(field);
    await user.type(field, '150');
    expect(mock.callsTo('/api/cart/update')).toHaveLength(0);
    await user.keyboard('{Enter}');
    expect(mock.callsTo('/api/cart/update')[0]?.body).toEqual({ product_id: 30, variant_id: 73, quantity: 150 });
    await user.clear(field);
    await user.type(field, '149');
    await user.tab();
    await waitFor(() => expect(mock.callsTo('/api/cart/update')).toHaveLength(2));
    expect(mock.callsTo('/api/cart/update')[1]?.body).toMatchObject({ quantity: 149 });
  });

  it.each([
    ['0', 'The quantity must be at least 1.'],
    ['', 'Enter a quantity of 1 or more.'],
    ['ten', 'Type the quantity in digits, like 50.'],
    ['401', 'Only 400 left. Please enter 400 or fewer.'],
  ])('says what is wrong with "%s" beside the field and sends nothing', async (typed, message) => {
    const mock = backend(cartOf(cartLine({ quantity: 2, available: 400 })));
    const { user, panel } = await openPanel();
    const field = await within(panel).findByRole('textbox', { name: /Quantity of/ });
    await user.clear(field);
    if (typed) await user.type(field, typed);
    await user.keyboard('{Enter}');
    expect(field).toHaveAccessibleDescription(message);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await user.tab();
    expect(mock.callsTo('/api/cart/update')).toHaveLength(0);
    expect(total()).toHaveTextContent('₹420.00');
  });

  it('puts the quantity back and says why when the server refuses it', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const mock = backend(cartOf(cartLine({ quantity: 2, available: 40 })), {
      'POST /api/cart/update': () => json({ message: 'Only 2 of Neem Cake Powder can be bought now.', available: 2 }, { status: 409 }),
    });
    const { user, panel } = await openPanel();
    await within(panel).findByRole('list');
    await user.click(within(panel).getByRole('button', { name: 'Increase quantity' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not change the quantity');
    expect(alert).toHaveTextContent('Only 2 of Neem Cake Powder can be bought now.');
    expect(total()).toHaveTextContent('₹420.00');
    expect(within(panel).getByRole('textbox', { name: /Quantity of/ })).toHaveValue('2');
    expect(error).toHaveBeenCalledWith('Could not change the quantity', expect.objectContaining({ status: 409 }));
    // It reads the cart again for the news the refusal may carry.
    await waitFor(() => expect(mock.callsTo('/api/cart')).toHaveLength(2));
  });

  it('removes a line at once and sends which variant', async () => {
    const mock = backend(cartOf(cartLine(), cartLine({ variant_id: 74, variant_name: '25 kg', price: 1000 })), {
      'POST /api/cart/remove': () => cartOf(cartLine({ variant_id: 74, variant_name: '25 kg', price: 1000 })),
    });
    const { user, panel } = await openPanel();
    await user.click(await within(panel).findByRole('button', { name: 'Remove Neem Cake Powder, 5 kg' }));
    expect(within(panel).getAllByRole('listitem')).toHaveLength(1);
    expect(total()).toHaveTextContent('₹1,000.00');
    expect(mock.callsTo('/api/cart/remove')[0]?.body).toEqual({ product_id: 30, variant_id: 73 });
    expect(within(panel).getByRole('heading', { name: 'Shopping Cart' })).toHaveFocus();
  });

  it('brings a line back when removing fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    backend(cartOf(cartLine()), { 'POST /api/cart/remove': () => json({ message: 'Service Unavailable' }, { status: 503 }) });
    const { user, panel } = await openPanel();
    await user.click(await within(panel).findByRole('button', { name: /^Remove/ }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not remove the item');
    expect(alert).toHaveTextContent('Something went wrong on our side. Please try again in a moment.');
    expect(within(panel).getByRole('link', { name: 'Neem Cake Powder' })).toBeInTheDocument();
  });

  it('empties the cart with Clear Cart, and restores it when that fails offline', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    const mock = backend(cartOf(cartLine()), {
      'POST /api/cart/clear': () => {
        if (fail) throw new TypeError('Failed to fetch');
        return cartOf();
      },
    });
    const { user, panel } = await openPanel();
    await user.click(await within(panel).findByRole('button', { name: 'Clear Cart' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not clear the cartPlease check your internet connection and try again.');
    expect(within(panel).getByRole('link', { name: 'Neem Cake Powder' })).toBeInTheDocument();

    fail = false;
    await user.click(within(panel).getByRole('button', { name: 'Clear Cart' }));
    expect(within(panel).getByText('Your cart is empty.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Clear Cart' })).not.toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Checkout' })).toBeDisabled();
    await waitFor(() => expect(mock.callsTo('/api/cart/clear')).toHaveLength(2));
  });

  it('goes to /checkout and closes with Checkout', async () => {
    backend(cartOf(cartLine()));
    const { user, panel } = await openPanel();
    await within(panel).findByRole('list');
    await user.click(within(panel).getByRole('button', { name: 'Checkout' }));
    expect(location()).toBe('/checkout');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes with Continue Shopping and gives focus back', async () => {
    backend(cartOf());
    const { user, panel } = await openPanel();
    expect(within(panel).getByRole('button', { name: 'Close cart' })).toHaveFocus();
    await user.click(within(panel).getByRole('button', { name: 'Continue Shopping' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open cart' })).toHaveFocus();
  });

  it('closes with Escape and when the shopper follows a product link', async () => {
    backend(cartOf(cartLine()));
    const { user, panel } = await openPanel();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open cart' }));
    const again = await screen.findByRole('dialog', { name: 'Shopping Cart' });
    expect(again).toBe(panel);
    await user.click(within(again).getByRole('link', { name: 'Neem Cake Powder' }));
    expect(location()).toBe('/dealer/house-organics/neem-cake-powder');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

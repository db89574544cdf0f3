import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ProductScreen } from '@/features/catalog/screens/ProductScreen';
import { json, mockApi, notFound } from '@/testing/api-mock';
import { productDetail, shop } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';

function backend() {
  return mockApi({ 'GET /api/shop': () => shop, 'GET /api/products/neem-cake-powder': () => productDetail });
}

describe('ProductScreen', () => {
  it('shows the product: breadcrumb, brand link, categories, gallery and description', async () => {
    backend();
    renderWithApp(<ProductScreen slug="neem-cake-powder" onAddToCart={vi.fn()} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Neem Cake Powder' })).toBeInTheDocument();
    const crumbs = within(screen.getByRole('navigation', { name: 'Breadcrumb' })).getAllByRole('listitem');
    expect(crumbs.map((crumb) => crumb.textContent)).toEqual(['Home', 'Fertilisers', 'Organic Manures', 'Neem Cake Powder']);
    expect(within(crumbs[3] as HTMLElement).getByText('Neem Cake Powder')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'House Organics' })).toHaveAttribute('href', '/dealer/house-organics');
    expect(within(screen.getByRole('list', { name: 'Categories' })).getByRole('link', { name: 'Organic Manures' })).toHaveAttribute(
      'href',
      '/category/fertilisers/organic-manures',
    );
    expect(screen.getByRole('img', { name: 'Neem Cake Powder, 5 kg bag' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show image 2 of 2' }));
    expect(screen.getByRole('img', { name: 'Neem Cake Powder, 25 kg bag' })).toBeInTheDocument();
    expect(screen.getByText('Apply 1 kg per clump.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Neem Cake Powder | Test Agri Inputs'));
  });

  it('prices the chosen variant with the discount badge, the MRP struck through, taxes and stock', async () => {
    const user = userEvent.setup();
    backend();
    const { container } = renderWithApp(<ProductScreen slug="neem-cake-powder" onAddToCart={vi.fn()} />);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('radio', { name: '5 kg' })).toBeChecked();
    expect(screen.getByText('₹210.00')).toBeInTheDocument();
    expect(screen.getByText('16.00% off')).toBeInTheDocument();
    expect(container.querySelector('s')?.parentElement).toHaveTextContent('MRP ₹250.00');
    expect(screen.getByText('Inclusive of all taxes')).toBeInTheDocument();
    expect(screen.getByText('In stock')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: '25 kg' }));
    expect(screen.getByText('₹1,000.00')).toBeInTheDocument();
    expect(screen.queryByText(/% off/)).not.toBeInTheDocument();
    expect(screen.getByText('Only 3 left')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /50 kg/ }));
    expect(screen.getByText('Out of stock', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
  });

  it('adds the chosen variant and quantity to the cart', async () => {
    const user = userEvent.setup();
    backend();
    const onAddToCart = vi.fn().mockResolvedValue(undefined);
    renderWithApp(<ProductScreen slug="neem-cake-powder" onAddToCart={onAddToCart} />);
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('radio', { name: '25 kg' }));
    expect(screen.getByRole('button', { name: 'Decrease quantity' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    await user.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(screen.getByRole('button', { name: 'Increase quantity' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(onAddToCart).toHaveBeenCalledWith({ product_id: 30, quantity: 3, variant_id: 74 });
    expect(screen.queryByText(/could not add/)).not.toBeInTheDocument();
  });

  it('steps the quantity with the arrow keys as a number field does, within 1 and the stock', async () => {
    const user = userEvent.setup();
    backend();
    const onAddToCart = vi.fn().mockResolvedValue(undefined);
    renderWithApp(<ProductScreen slug="neem-cake-powder" onAddToCart={onAddToCart} />);
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('radio', { name: '25 kg' }));
    const field = screen.getByRole('textbox', { name: /quantity/i });
    await user.click(field);
    await user.keyboard('{ArrowDown}');
    expect(field).toHaveValue('1');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}');
    // Three in stock: the third press goes nowhere.
    expect(field).toHaveValue('3');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(onAddToCart).toHaveBeenCalledWith({ product_id: 30, quantity: 3, variant_id: 74 });
  });

  it('takes a typed quantity up to what is in stock, and says how many are left past it', async () => {
    const user = userEvent.setup();
    backend();
    const onAddToCart = vi.fn().mockResolvedValue(undefined);
    renderWithApp(<ProductScreen slug="neem-cake-powder" onAddToCart={onAddToCart} />);
    await screen.findByRole('heading', { level: 1 });
    const field = screen.getByRole('textbox', { name: 'Quantity' });
    expect(field).toHaveValue('1');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    await user.clear(field);
    await user.type(field, '41');
    expect(field).toHaveAccessibleDescription('Only 40 left. Please enter 40 or fewer.');
    expect(screen.getByRole('button', { name: 'Add to cart' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(onAddToCart).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, '35');
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(onAddToCart).toHaveBeenCalledWith({ product_id: 30, quantity: 35, variant_id: 73 });
    expect(field).not.toHaveAccessibleDescription();
    // Minus steps down from the typed quantity; another pack size starts again at 1.
    await user.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(field).toHaveValue('34');
    await user.click(screen.getByRole('radio', { name: '25 kg' }));
    expect(screen.getByRole('textbox', { name: 'Quantity' })).toHaveValue('1');
  });

  it('lets the shopper try again when adding fails (the cart has told them why)', async () => {
    backend();
    const onAddToCart = vi.fn().mockRejectedValue(new Error('409'));
    renderWithApp(<ProductScreen slug="neem-cake-powder" onAddToCart={onAddToCart} />);
    await screen.findByRole('heading', { level: 1 });
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add to cart' })).toBeEnabled());
    expect(onAddToCart).toHaveBeenCalledTimes(1);
  });

  it('shows the not-found screen for an unknown product', async () => {
    mockApi({ 'GET /api/shop': () => shop, 'GET /api/products/nope': () => notFound() });
    renderWithApp(<ProductScreen slug="nope" onAddToCart={vi.fn()} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });

  it('offers a retry when the product cannot be loaded', async () => {
    mockApi({ 'GET /api/shop': () => shop, 'GET /api/products/neem-cake-powder': () => json({ message: 'x' }, { status: 500 }) });
    renderWithApp(<ProductScreen slug="neem-cake-powder" onAddToCart={vi.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this product. Please try again.');
  });
});

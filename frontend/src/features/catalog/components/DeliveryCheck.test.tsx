import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductScreen } from '@/features/catalog/screens/ProductScreen';
import { PIN_KEY } from '@/features/catalog/components/DeliveryCheck';
import { json, mockApi } from '@/testing/api-mock';
import { productDetail, shop } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';

const idukki = { pin: '685509', district: 'Idukki', state: 'Kerala', state_code: '32', served: true, days: { min: 1, max: 2 } };
const rate = { bands: [{ up_to_grams: 5000, fee: 40 }], further: { grams: 50000, fee: 100 }, free_above: 2000 };

function backend(delivery: (url: URL) => unknown) {
  return mockApi({
    'GET /api/shop': () => shop,
    'GET /api/products/neem-cake-powder': () => productDetail,
    'GET /api/delivery': ({ url }) => delivery(url),
  });
}

const pinBox = () => screen.getByLabelText('Your PIN code');
const result = () => screen.getByTestId('delivery-result');

afterEach(() => window.localStorage.clear());

describe('Check delivery on a product page', () => {
  it('says the days and the fee for the chosen pack, and remembers the PIN code', async () => {
    const user = userEvent.setup();
    const api = backend((url) => ({ ...idukki, rate, parcel: { variant_id: Number(url.searchParams.get('variant')), quantity: 1, weight_grams: 5420, allowed: true, fee: 80 } }));
    renderWithApp(<ProductScreen slug="neem-cake-powder" onAddToCart={vi.fn()} />);
    await screen.findByRole('heading', { level: 1 });
    await user.type(pinBox(), '685 509');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(result()).toHaveTextContent('We deliver to Idukki, Kerala in 1–2 days.'));
    expect(result()).toHaveTextContent('Delivery charge for 1 pack: ₹80.00');
    const asked = api.callsTo('/api/delivery')[0]?.url.searchParams;
    expect(Object.fromEntries(asked ?? [])).toEqual({ pin: '685509', variant: '73', quantity: '1' });
    expect(window.localStorage.getItem(PIN_KEY)).toBe('685509');
  });

  it('answers at once with the remembered PIN code, and says when a product may not go to the state', async () => {
    window.localStorage.setItem(PIN_KEY, '641001');
    backend(() => ({ pin: '641001', district: 'Coimbatore', state: 'Tamil Nadu', state_code: '33', served: true, days: { min: 3, max: 4 }, rate, parcel: { variant_id: 73, quantity: 1, weight_grams: 5420, allowed: false, fee: null } }));
    renderWithApp(<ProductScreen slug="neem-cake-powder" onAddToCart={vi.fn()} />);
    await screen.findByRole('heading', { level: 1 });
    expect(pinBox()).toHaveValue('641001');
    await waitFor(() => expect(result()).toHaveTextContent('This product may not be sent to Tamil Nadu.'));
  });

  it('says when the shop does not deliver there, or does not know the PIN code', async () => {
    const user = userEvent.setup();
    backend((url) =>
      url.searchParams.get('pin') === '744101'
        ? { pin: '744101', district: 'South Andamans', state: 'Andaman and Nicobar Islands', state_code: '35', served: false, days: null, rate: null, parcel: null }
        : json({ message: 'We do not know PIN code 999999.' }, { status: 404 }),
    );
    renderWithApp(<ProductScreen slug="neem-cake-powder" onAddToCart={vi.fn()} />);
    await screen.findByRole('heading', { level: 1 });
    await user.type(pinBox(), '744101');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(result()).toHaveTextContent('Sorry, we do not deliver to South Andamans, Andaman and Nicobar Islands (PIN code 744101).'));
    await user.clear(pinBox());
    await user.type(pinBox(), '999999');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    await waitFor(() => expect(result()).toHaveTextContent('We don’t know PIN code 999999.'));
    await user.clear(pinBox());
    await user.type(pinBox(), '12');
    await user.click(screen.getByRole('button', { name: 'Check' }));
    expect(result()).toHaveTextContent('Enter a 6-digit PIN code.');
    expect(pinBox()).toHaveAttribute('aria-invalid', 'true');
  });
});

import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CropLinksPanel } from '@/features/admin-catalog/components/CropLinksPanel';
import { json, mockApi, withSession } from '@/testing/api-mock';
import { renderWithApp } from '@/testing/render';

const words = (name: string | null = null) => ({ name, other_names: [] });
const crop = (id: number, name: string, slug: string) => ({ id, slug, name, other_names: [], sort_order: id, ml: words(), ta: words(), product_count: 0 });

function backend(put: (body: unknown) => unknown) {
  withSession();
  return mockApi({
    'GET /api/admin/catalog/crops': () => ({ data: [crop(1, 'Cardamom', 'cardamom'), crop(2, 'Pepper', 'pepper'), crop(3, 'Banana', 'banana')] }),
    'GET /api/admin/catalog/problems': () => ({
      data: [
        { id: 7, slug: 'thrips', name: 'Cardamom thrips', kind: 'pest', other_names: [], sort_order: 0, ml: words(), ta: words(), crop_ids: [1], product_count: 0 },
        { id: 8, slug: 'quick-wilt', name: 'Quick wilt', kind: 'disease', other_names: [], sort_order: 1, ml: words(), ta: words(), crop_ids: [2], product_count: 0 },
      ],
    }),
    'GET /api/admin/catalog/products/12/crops': () => ({ product_id: 12, crops: [{ crop_id: 2, need: 'protection' }], problem_ids: [8] }),
    'PUT /api/admin/catalog/products/12/crops': ({ body }) => put(body),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('a product’s crops on the desk', () => {
  it('adds a crop for a need and a problem it treats, and saves them all at once', async () => {
    const saved: unknown[] = [];
    const mock = backend((body) => {
      saved.push(body);
      return { product_id: 12, ...(body as object) };
    });
    renderWithApp(<CropLinksPanel productId={12} />);
    const form = await screen.findByRole('form', { name: 'Crops and problems' });
    expect(within(form).getByLabelText('Pepper')).toHaveValue('protection');
    expect(within(form).getByRole('button', { name: 'Save crops' })).toBeDisabled();

    await userEvent.selectOptions(within(form).getByLabelText('Add a crop'), 'Cardamom');
    await userEvent.selectOptions(within(form).getByLabelText('For'), 'Irrigation');
    await userEvent.click(within(form).getByRole('button', { name: 'Add crop' }));
    expect(within(form).getByLabelText('Cardamom')).toHaveValue('irrigation');
    // Cardamom is no longer offered to add.
    expect(within(within(form).getByLabelText('Add a crop')).queryByRole('option', { name: 'Cardamom' })).toBeNull();
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Cardamom thrips' }));
    await userEvent.click(within(form).getByRole('button', { name: 'Save crops' }));

    expect(await screen.findByText('Crops saved')).toBeInTheDocument();
    expect(saved).toEqual([
      {
        crops: [
          { crop_id: 2, need: 'protection' },
          { crop_id: 1, need: 'irrigation' },
        ],
        problem_ids: [8, 7],
      },
    ]);
    expect(mock.callsTo('/api/admin/catalog/products/12/crops').filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('takes a crop off, and shows why the shop refused a save', async () => {
    const saved: unknown[] = [];
    backend((body) => {
      saved.push(body);
      return json({ message: 'There is no such problem.', errors: { problem_ids: ['There is no such problem.'] } }, { status: 422 });
    });
    renderWithApp(<CropLinksPanel productId={12} />);
    const form = await screen.findByRole('form', { name: 'Crops and problems' });
    await userEvent.click(within(form).getByRole('button', { name: 'Take off Pepper' }));
    expect(within(form).queryByLabelText('Pepper')).toBeNull();
    await userEvent.click(within(form).getByRole('button', { name: 'Save crops' }));
    expect(await within(form).findByText('There is no such problem.')).toBeInTheDocument();
    expect(saved).toEqual([{ crops: [], problem_ids: [8] }]);
  });
});

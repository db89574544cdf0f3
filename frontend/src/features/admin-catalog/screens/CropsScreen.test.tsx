import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UnsavedChangesProvider } from '@/components/admin/unsaved-changes';
import CropsScreen from '@/features/admin-catalog/screens/CropsScreen';
import { json, mockApi, withSession } from '@/testing/api-mock';
import { renderWithApp } from '@/testing/render';

const cardamom = {
  id: 1,
  slug: 'cardamom',
  name: 'Cardamom',
  other_names: ['elakkai'],
  sort_order: 0,
  ml: { name: 'ഏലം', other_names: [] },
  ta: { name: 'ஏலக்காய்', other_names: [] },
  product_count: 14,
};

afterEach(() => vi.unstubAllGlobals());

// The form has each name three times over and the test types into it key by key.
describe('the crops desk', { timeout: 20_000 }, () => {
  it('lists the crops with their names and products, and creates one in three languages', async () => {
    withSession();
    const created: unknown[] = [];
    mockApi({
      'GET /api/admin/catalog/crops': () => ({ data: [cardamom] }),
      'POST /api/admin/catalog/crops': ({ body }) => {
        created.push(body);
        return json({ id: 2, product_count: 0, ...(body as object) }, { status: 201 });
      },
    });
    renderWithApp(
      <UnsavedChangesProvider>
        <CropsScreen />
      </UnsavedChangesProvider>,
    );
    expect(await screen.findByText('Cardamom')).toBeInTheDocument();
    expect(screen.getByText('ഏലം · ஏலக்காய் · elakkai')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '/crop/cardamom' })).toHaveAttribute('href', '/crop/cardamom');
    expect(screen.getByText(/14 products/)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'New crop' }));
    const form = screen.getByRole('form', { name: 'New crop' });
    await userEvent.type(within(form).getByLabelText(/^Name/, { selector: '#new-crop-name' }), 'Black pepper');
    await userEvent.type(within(form).getByLabelText('Name in Malayalam'), 'കുരുമുളക്');
    await userEvent.type(within(form).getByLabelText('Name in Tamil'), 'மிளகு');
    await userEvent.type(within(form).getByLabelText('Other names in Malayalam'), 'നല്ലമുളക്');
    await userEvent.type(within(form).getByLabelText(/^Other names/, { selector: '#new-crop-other_names' }), 'kurumulaku, milagu');
    await userEvent.type(within(form).getByLabelText(/^Address/), 'pepper');
    await userEvent.click(within(form).getByRole('button', { name: 'Create crop' }));

    expect(await screen.findByText('Crop created')).toBeInTheDocument();
    expect(created).toEqual([
      {
        slug: 'pepper',
        name: 'Black pepper',
        other_names: ['kurumulaku', 'milagu'],
        sort_order: 1,
        ml: { name: 'കുരുമുളക്', other_names: ['നല്ലമുളക്'] },
        ta: { name: 'மிளகு', other_names: [] },
      },
    ]);
  });

  it('shows a refused Malayalam name beside its field', async () => {
    withSession();
    mockApi({
      'GET /api/admin/catalog/crops': () => ({ data: [cardamom] }),
      'PUT /api/admin/catalog/crops/1': () => json({ message: 'Check the form.', errors: { 'ml.name': ['Up to 100 characters.'] } }, { status: 422 }),
    });
    renderWithApp(
      <UnsavedChangesProvider>
        <CropsScreen />
      </UnsavedChangesProvider>,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit Cardamom' });
    await userEvent.click(within(form).getByRole('button', { name: 'Save crop' }));
    expect(await within(form).findByText('Up to 100 characters.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Name in Malayalam')).toHaveAttribute('aria-invalid', 'true');
  });
});

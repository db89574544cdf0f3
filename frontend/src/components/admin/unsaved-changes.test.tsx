import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { GuardedLink } from '@/components/admin/GuardedLink';
import { UnsavedChangesProvider, useUnsavedChanges } from '@/components/admin/unsaved-changes';
import { renderWithApp } from '@/testing/render';

function Form() {
  const [value, setValue] = useState('');
  useUnsavedChanges(value !== '');
  return (
    <label>
      Note <input value={value} onChange={(event) => setValue(event.target.value)} />
    </label>
  );
}

function Screen() {
  return (
    <UnsavedChangesProvider>
      <GuardedLink to="/elsewhere">Elsewhere</GuardedLink>
      <Form />
    </UnsavedChangesProvider>
  );
}

describe('unsaved changes', () => {
  it('leave at once when nothing is typed', async () => {
    renderWithApp(<Screen />, { route: '/admin/brands' });
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/elsewhere');
  });

  it('are kept after a stray click, or given up on purpose', async () => {
    renderWithApp(<Screen />, { route: '/admin/brands' });
    await userEvent.type(screen.getByLabelText('Note'), 'half a thought');
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    expect(screen.getByRole('dialog', { name: 'Leave without saving?' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/brands');
    expect(screen.getByLabelText('Note')).toHaveValue('half a thought');

    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await userEvent.click(screen.getByRole('button', { name: 'Leave and lose changes' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/elsewhere');
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PhoneInput } from '@/components/PhoneInput/PhoneInput';
import type { PhoneResult } from '@/components/PhoneInput/types';

async function renderPhone(props: { defaultValue?: string; error?: string } = {}) {
  const onChange = vi.fn<(result: PhoneResult) => void>();
  const user = userEvent.setup({ delay: null });
  render(
    <form>
      <PhoneInput id="phone" name="phone" label="Mobile number" onChange={onChange} {...props} />
    </form>,
  );
  const button = await screen.findByRole('button', { name: /Country code:/ });
  const input = screen.getByLabelText('Mobile number');
  const lastResult = () => onChange.mock.lastCall?.[0];
  return { user, onChange, lastResult, button, input: input as HTMLInputElement };
}

/** Opens the list, searches and chooses the first match by keyboard. */
async function chooseCountry(user: ReturnType<typeof userEvent.setup>, button: HTMLElement, query: string) {
  button.focus();
  await user.keyboard('{ArrowDown}');
  await user.keyboard(query);
  await user.keyboard('{Enter}');
}

const hidden = () => document.querySelector<HTMLInputElement>('input[type=hidden][name=phone]');

describe('PhoneInput', { timeout: 20_000 }, () => {
  it('starts in India with its example number as the placeholder', async () => {
    const { button, input } = await renderPhone();
    expect(button).toHaveAccessibleName('+91 Country code: India (+91)');
    // The flag is a picture, not an emoji some phones draw as letters or a box.
    expect(button).toHaveTextContent(/^\+91/);
    expect(button.textContent).not.toMatch(/\p{Regional_Indicator}/u);
    expect(button.querySelector('img')).toHaveAttribute('src', expect.stringMatching(/IN.*\.svg/));
    expect(input).toHaveAttribute('placeholder', '81234 56789');
    expect(input).toHaveValue('');
    expect(screen.queryByText('Invalid phone number')).not.toBeInTheDocument();
  });

  it('keeps only digits and formats a valid Indian number in green', async () => {
    const { user, input, lastResult } = await renderPhone();
    await user.type(input, '98a47-0 12(3)45');
    expect(input).toHaveValue('98470 12345');
    expect(lastResult()).toEqual({ isValid: true, phoneNumber: '+919847012345' });
    expect(input.parentElement).toHaveClass('text-green-800');
    expect(input).toHaveAttribute('aria-invalid', 'false');
    expect(hidden()).toHaveValue('+919847012345');
    expect(screen.queryByText('Invalid phone number')).not.toBeInTheDocument();
  });

  it('marks an invalid Indian number red with "Invalid phone number"', async () => {
    const { user, input, lastResult } = await renderPhone();
    await user.type(input, '98470');
    expect(screen.getByText('Invalid phone number')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Invalid phone number');
    expect(input.parentElement).toHaveClass('text-red-800');
    expect(lastResult()).toEqual({ isValid: false, phoneNumber: '+9198470' });
    await user.type(input, '123456');
    expect(input).toHaveValue('98470123456');
    expect(lastResult()?.isValid).toBe(false);
    await user.type(input, '{Backspace}');
    expect(input).toHaveValue('98470 12345');
    expect(lastResult()).toEqual({ isValid: true, phoneNumber: '+919847012345' });
    await user.clear(input);
    expect(screen.queryByText('Invalid phone number')).not.toBeInTheDocument();
    expect(lastResult()).toEqual({ isValid: false, phoneNumber: '' });
  });

  it('reads and formats United States numbers once the country is chosen', async () => {
    const { user, button, input, lastResult } = await renderPhone();
    await chooseCountry(user, button, 'America');
    expect(button).toHaveAccessibleName('+1 Country code: United States (+1)');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('placeholder', '(201) 555-0123');
    await user.type(input, '2015550123');
    expect(input).toHaveValue('(201) 555-0123');
    expect(lastResult()).toEqual({ isValid: true, phoneNumber: '+12015550123' });
    await user.clear(input);
    await user.type(input, '1234567890');
    expect(screen.getByText('Invalid phone number')).toBeInTheDocument();
    expect(lastResult()?.isValid).toBe(false);
  });

  it('reads and formats British numbers, with or without the leading 0', async () => {
    const { user, button, input, lastResult } = await renderPhone();
    await chooseCountry(user, button, 'UK');
    expect(button).toHaveAccessibleName('+44 Country code: United Kingdom (+44)');
    expect(button.querySelector('img')).toHaveAttribute('src', expect.stringMatching(/GB.*\.svg/));
    expect(input).toHaveAttribute('placeholder', '07400 123456');
    await user.type(input, '07400123456');
    expect(input).toHaveValue('07400 123456');
    expect(lastResult()).toEqual({ isValid: true, phoneNumber: '+447400123456' });
    await user.clear(input);
    await user.type(input, '7400123456');
    expect(input).toHaveValue('07400 123456');
    expect(lastResult()).toEqual({ isValid: true, phoneNumber: '+447400123456' });
    await user.clear(input);
    await user.type(input, '740012');
    expect(screen.getByText('Invalid phone number')).toBeInTheDocument();
    expect(lastResult()).toEqual({ isValid: false, phoneNumber: '+44740012' });
  });

  it('re-reads the typed number when the country changes', async () => {
    const { user, button, input, lastResult } = await renderPhone();
    await user.type(input, '2015550123');
    expect(lastResult()?.phoneNumber).toBe('+912015550123');
    await chooseCountry(user, button, 'usa');
    expect(input).toHaveValue('(201) 555-0123');
    expect(lastResult()).toEqual({ isValid: true, phoneNumber: '+12015550123' });
  });

  it('takes a pasted international number with its country', async () => {
    const { user, button, input, lastResult } = await renderPhone();
    await user.click(input);
    await user.paste('+44 7400 123456');
    expect(button).toHaveAccessibleName('+44 Country code: United Kingdom (+44)');
    expect(lastResult()).toEqual({ isValid: true, phoneNumber: '+447400123456' });
  });

  it('starts from a saved number', async () => {
    const { button, input } = await renderPhone({ defaultValue: '+919847012345' });
    expect(button).toHaveAccessibleName('+91 Country code: India (+91)');
    expect(input).toHaveValue('98470 12345');
    expect(hidden()).toHaveValue('+919847012345');
  });

  it('shows the server’s message until a valid number is typed', async () => {
    const { user, input } = await renderPhone({ error: 'The phone field is required.' });
    expect(input).toHaveAccessibleDescription('The phone field is required.');
    await user.type(input, '9847012345');
    expect(screen.queryByText('The phone field is required.')).not.toBeInTheDocument();
  });

  describe('country list', () => {
    it('filters by alias: "UK" finds the United Kingdom first, "America" the United States', async () => {
      const { user, button } = await renderPhone();
      await user.click(button);
      const search = screen.getByRole('combobox', { name: 'Search countries' });
      expect(search).toHaveFocus();
      const listbox = screen.getByRole('listbox', { name: 'Countries' });
      expect(within(listbox).getAllByRole('option').length).toBeGreaterThan(200);
      await user.type(search, 'UK');
      let options = within(listbox).getAllByRole('option');
      expect(options[0]).toHaveTextContent('United Kingdom');
      expect(options.map((option) => option.textContent)).toContainEqual(expect.stringContaining('Ukraine'));
      await user.clear(search);
      await user.type(search, 'America');
      options = within(listbox).getAllByRole('option');
      expect(options[0]).toHaveTextContent('United States');
      expect(options.map((option) => option.textContent)).toContainEqual(expect.stringContaining('American Samoa'));
      await user.clear(search);
      await user.type(search, 'zzz');
      expect(within(listbox).queryAllByRole('option')).toHaveLength(0);
      expect(screen.getByText('No country matches “zzz”.')).toBeInTheDocument();
    });

    it('is at most 12rem high and scrolls', async () => {
      const { user, button } = await renderPhone();
      await user.click(button);
      expect(screen.getByRole('listbox')).toHaveClass('max-h-48', 'overflow-y-auto');
    });

    it('works by keyboard: arrows move, Enter chooses, focus goes back to the number', async () => {
      const { user, button, input } = await renderPhone();
      button.focus();
      await user.keyboard('{ArrowDown}');
      const search = screen.getByRole('combobox', { name: 'Search countries' });
      expect(button).toHaveAttribute('aria-expanded', 'true');
      const india = screen.getByRole('option', { name: /^India\b/ });
      expect(india).toHaveAttribute('aria-selected', 'true');
      expect(search).toHaveAttribute('aria-activedescendant', india.id);
      await user.keyboard('{ArrowDown}');
      const next = screen.getByRole('option', { name: /^Indonesia/ });
      expect(search).toHaveAttribute('aria-activedescendant', next.id);
      await user.keyboard('{ArrowUp}{ArrowUp}');
      expect(search.getAttribute('aria-activedescendant')).not.toBe(india.id);
      await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(button).toHaveAccessibleName('+62 Country code: Indonesia (+62)');
      expect(input).toHaveFocus();
    });

    it('opens by typing on the button, filtering by what was typed', async () => {
      const { user, button } = await renderPhone();
      button.focus();
      await user.keyboard('ger');
      expect(screen.getByRole('combobox')).toHaveValue('ger');
      await user.keyboard('{Enter}');
      expect(button).toHaveAccessibleName('+49 Country code: Germany (+49)');
    });

    it('closes on Escape without choosing, focus back on the button, and Enter never submits the form', async () => {
      const { user, button } = await renderPhone();
      const submit = vi.fn((event: SubmitEvent) => event.preventDefault());
      document.querySelector('form')?.addEventListener('submit', submit);
      await user.click(button);
      await user.keyboard('fra');
      await user.keyboard('{Escape}');
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
      expect(button).toHaveFocus();
      expect(button).toHaveAccessibleName('+91 Country code: India (+91)');
      await user.keyboard('{ArrowDown}zzz{Enter}');
      expect(submit).not.toHaveBeenCalled();
    });

    it('closes when the shopper presses elsewhere', async () => {
      const { user, button, input } = await renderPhone();
      await user.click(button);
      expect(screen.getByRole('listbox')).toBeInTheDocument();
      await user.click(input);
      expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    });
  });
});

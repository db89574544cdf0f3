import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { activateLocale } from '@/lib/i18n';
import { issueToken, json, mockApi, withSession, type MockCall } from '@/testing/api-mock';
import { customer, shop } from '@/testing/fixtures';
import { renderWithApp } from '@/testing/render';
import { ContactForm } from '@/features/pages/components/ContactForm';

type Handler = (call: MockCall) => unknown;

function backend(routes: Record<string, Handler> = {}) {
  return mockApi({
    'GET /api/shop': () => shop,
    'GET /api/csrf-cookie': issueToken,
    'GET /api/user': () => json({ message: 'Unauthenticated.' }, { status: 401 }),
    ...routes,
  });
}

const thanks = 'Thank you! We have received your message and will reply within one working day.';

describe('Contact form', { timeout: 20_000 }, () => {
  it('shows the 422 messages beside their fields', async () => {
    const user = userEvent.setup({ delay: null });
    backend({
      'POST /api/contact': () =>
        json(
          { message: 'The message must be at least 10 characters. (and 1 more error)', errors: { message: ['The message must be at least 10 characters.'], phone: ['Invalid phone number'] } },
          { status: 422 },
        ),
    });
    renderWithApp(<ContactForm />);
    await user.type(screen.getByLabelText('Your name'), 'Anil');
    await user.type(screen.getByLabelText('E-mail address'), 'anil@example.test');
    await user.type(screen.getByLabelText('Message'), 'Hi');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const message = screen.getByLabelText('Message');
    await waitFor(() => expect(message).toHaveAttribute('aria-invalid', 'true'));
    expect(message).toHaveAccessibleDescription(expect.stringContaining('The message must be at least 10 characters.'));
    expect(await screen.findByText('Invalid phone number')).toBeInTheDocument();
    expect(screen.getByLabelText('Your name')).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the message (the phone only when given), disabled while sending, then thanks and clears the form', async () => {
    const user = userEvent.setup({ delay: null });
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = backend({ 'POST /api/contact': async () => (await gate, json({ message: thanks }, { status: 201 })) });
    renderWithApp(<ContactForm />);
    await user.type(screen.getByLabelText('Your name'), 'Anil');
    await user.type(screen.getByLabelText('E-mail address'), 'anil@example.test');
    await user.type(screen.getByLabelText('Subject (optional)'), 'Cardamom');
    await user.type(screen.getByLabelText('Message'), 'Which fertiliser for cardamom in June?');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('button', { name: 'Sending…' })).toBeDisabled();
    release();
    expect(await screen.findByText(thanks)).toBeInTheDocument();
    expect(api.callsTo('/api/contact')[0]?.body).toEqual({
      name: 'Anil',
      email: 'anil@example.test',
      subject: 'Cardamom',
      message: 'Which fertiliser for cardamom in June?',
    });
    expect(screen.getByLabelText('Message')).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('asks for a phone or an e-mail address when both are empty, beside both, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    const api = backend();
    renderWithApp(<ContactForm />);
    expect(screen.getByText('How can we answer you? A mobile number or an e-mail address is enough.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Your name'), 'Lakshmi');
    await user.type(screen.getByLabelText('Message'), 'Which fertiliser for pepper in June?');
    await screen.findByRole('button', { name: /Country code/ }, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    const phone = screen.getByLabelText('Mobile number');
    const email = screen.getByLabelText('E-mail address');
    const words = 'Give a phone number or an e-mail address so we can answer.';
    await waitFor(() => expect(phone).toHaveAccessibleDescription(words));
    expect(email).toHaveAccessibleDescription(words);
    expect(phone).toHaveFocus();
    expect(api.callsTo('/api/contact')).toHaveLength(0);
  });

  it('says it in Malayalam on the Malayalam page', async () => {
    const user = userEvent.setup({ delay: null });
    backend();
    await act(() => activateLocale('ml'));
    try {
      renderWithApp(<ContactForm />, { route: '/ml/contact' });
      await screen.findByRole('button', { name: /രാജ്യ കോഡ്/ }, { timeout: 10_000 });
      await user.click(screen.getByRole('button', { name: 'സന്ദേശം അയയ്ക്കുക' }));
      await waitFor(() => expect(screen.getByLabelText('ഇ-മെയിൽ വിലാസം')).toHaveAccessibleDescription('മറുപടി തരാൻ ഒരു ഫോൺ നമ്പറോ ഇ-മെയിൽ വിലാസമോ നൽകുക.'));
    } finally {
      await act(() => activateLocale('en'));
    }
  });

  it('sends a mobile number alone, and never a number libphonenumber finds wrong', async () => {
    const user = userEvent.setup({ delay: null });
    const api = backend({ 'POST /api/contact': () => json({ message: thanks }, { status: 201 }) });
    renderWithApp(<ContactForm />);
    await user.type(screen.getByLabelText('Your name'), 'Lakshmi');
    await user.type(screen.getByLabelText('Message'), 'Which fertiliser for pepper in June?');
    await screen.findByRole('button', { name: /Country code/ }, { timeout: 10_000 });
    const phone = screen.getByLabelText('Mobile number');
    await user.type(phone, '12345');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(phone).toHaveFocus());
    expect(phone).toHaveAccessibleDescription('Invalid phone number');
    expect(api.callsTo('/api/contact')).toHaveLength(0);

    await user.clear(phone);
    await user.type(phone, '9847012345');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(thanks)).toBeInTheDocument();
    expect(api.callsTo('/api/contact')[0]?.body).toEqual({ name: 'Lakshmi', phone: '+919847012345', message: 'Which fertiliser for pepper in June?' });
  });

  it('fills in a signed-in shopper’s name, address and phone', async () => {
    const user = userEvent.setup({ delay: null });
    withSession();
    const api = backend({ 'GET /api/user': () => customer, 'POST /api/contact': () => json({ message: thanks }, { status: 201 }) });
    renderWithApp(<ContactForm />);
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveValue('Anil Kumar'));
    expect(screen.getByLabelText('E-mail address')).toHaveValue('anil@example.test');
    await screen.findByRole('button', { name: /Country code/ }, { timeout: 10_000 });
    expect(screen.getByLabelText('Mobile number')).toHaveValue('98470 12345');
    await user.type(screen.getByLabelText('Message'), 'Please call me about an order.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByText(thanks);
    expect(api.callsTo('/api/contact')[0]?.body).toMatchObject({ phone: '+919847012345' });
  });
});

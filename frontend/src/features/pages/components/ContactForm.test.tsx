import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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

  it('fills in a signed-in shopper’s name, address and phone', async () => {
    const user = userEvent.setup({ delay: null });
    withSession();
    const api = backend({ 'GET /api/user': () => customer, 'POST /api/contact': () => json({ message: thanks }, { status: 201 }) });
    renderWithApp(<ContactForm />);
    await waitFor(() => expect(screen.getByLabelText('Your name')).toHaveValue('Anil Kumar'));
    expect(screen.getByLabelText('E-mail address')).toHaveValue('anil@example.test');
    await screen.findByRole('button', { name: /Country code/ });
    expect(screen.getByLabelText('Mobile number (optional)')).toHaveValue('98470 12345');
    await user.type(screen.getByLabelText('Message'), 'Please call me about an order.');
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByText(thanks);
    expect(api.callsTo('/api/contact')[0]?.body).toMatchObject({ phone: '+919847012345' });
  });
});

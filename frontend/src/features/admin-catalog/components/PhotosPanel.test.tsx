import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PhotosPanel } from '@/features/admin-catalog/components/PhotosPanel';
import { json, mockApi, withSession } from '@/testing/api-mock';
import { renderWithApp } from '@/testing/render';

const PHOTOS = '/api/admin/catalog/products/7/photos';

const photo = (id: number, alt: string) => ({
  id,
  url: `/media/products/p${id}-1600.webp`,
  srcset: `/media/products/p${id}-320.webp 320w, /media/products/p${id}-1600.webp 1600w`,
  alt,
  width: 1600,
  height: 1200,
  position: id,
});

/** A stand-in for XMLHttpRequest: reports progress, then answers as `answer` says for each file. */
function fakeUploads(answer: (file: File) => { status: number; body: unknown }) {
  const sent: { method: string; url: string; headers: Record<string, string>; file: File }[] = [];
  class FakeRequest {
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    status = 0;
    statusText = '';
    responseText = '';
    withCredentials = false;
    private method = '';
    private url = '';
    private headers: Record<string, string> = {};
    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }
    send(form: FormData) {
      const file = form.get('files') as File;
      sent.push({ method: this.method, url: this.url, headers: this.headers, file });
      const { status, body } = answer(file);
      setTimeout(() => {
        this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
        this.status = status;
        this.responseText = JSON.stringify(body);
        this.onload?.();
      }, 0);
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  return sent;
}

afterEach(() => vi.unstubAllGlobals());

describe('the Photos panel', () => {
  it('takes several files at once and shows each one’s outcome', async () => {
    withSession();
    let photos = [photo(1, 'Front of the bag')];
    mockApi({ [`GET ${PHOTOS}`]: () => ({ data: photos }) });
    const sent = fakeUploads((file) => {
      if (file.name === 'notes.jpg') {
        return { status: 422, body: { message: 'The given data was invalid.', errors: { 'files[0]': ['The file is not a JPEG, PNG or WebP picture.'] } } };
      }
      photos = [...photos, photo(2, 'Cardamom Guard')];
      return { status: 201, body: { data: photos } };
    });
    renderWithApp(<PhotosPanel productId={7} productName="Cardamom Guard" />);
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(input).toHaveAttribute('multiple');
    await userEvent.upload(input, [new File(['jpeg'], 'IMG_0001.jpg', { type: 'image/jpeg' }), new File(['text'], 'notes.jpg', { type: 'image/jpeg' })]);

    const uploads = within(await screen.findByRole('list', { name: 'Uploads' }));
    expect(await uploads.findByRole('alert')).toHaveTextContent('The file is not a JPEG, PNG or WebP picture.');
    expect(uploads.getByText('Added')).toBeInTheDocument();
    expect(sent.map((s) => [s.method, s.url, s.headers['X-XSRF-TOKEN'], s.file.name])).toEqual([
      ['POST', PHOTOS, 'test-token', 'IMG_0001.jpg'],
      ['POST', PHOTOS, 'test-token', 'notes.jpg'],
    ]);
    const list = within(screen.getByRole('list', { name: "Photos in the shop's order" }));
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(2));
  });

  it('moves a photo with its arrows, saves alt text, and removes only after asking', async () => {
    withSession();
    const api = mockApi({
      [`GET ${PHOTOS}`]: () => ({ data: [photo(1, 'Front'), photo(2, 'Back')] }),
      [`PUT ${PHOTOS}/order`]: () => ({ data: [] }),
      [`PUT ${PHOTOS}/2`]: () => photo(2, 'Back label with dosage'),
      [`DELETE ${PHOTOS}/1`]: () => json(null, { status: 204 }),
    });
    renderWithApp(<PhotosPanel productId={7} productName="Cardamom Guard" />);
    const first = await screen.findByRole('button', { name: 'Move Photo 1 earlier' });
    expect(first).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Move Photo 2 earlier' }));
    await waitFor(() => expect(api.callsTo(`${PHOTOS}/order`)[0]?.body).toEqual({ ids: [2, 1] }));

    const alt = screen.getByLabelText('Photo 2: what it shows');
    await userEvent.clear(alt);
    await userEvent.type(alt, 'Back label with dosage');
    await userEvent.click(within(alt.closest('form')!).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(`${PHOTOS}/2`)[0]?.body).toEqual({ alt: 'Back label with dosage' }));

    await userEvent.click(screen.getAllByRole('button', { name: 'Remove' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Remove this photo?' });
    expect(api.callsTo(`${PHOTOS}/1`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove photo' }));
    await waitFor(() => expect(api.callsTo(`${PHOTOS}/1`).map((c) => c.method)).toEqual(['DELETE']));
  });
});

import { type ClassMaterial, MESSAGES } from '@mentora/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type AxiosAdapter, AxiosError, type InternalAxiosRequestConfig } from 'axios';
import toast from 'react-hot-toast';
import { describe, expect, it, vi } from 'vitest';
import { formatDate } from '../../../components/formatters';
import type { SavedDownload } from '../../../platform/platform';
import { type FakeAnswer, fakeAdapter } from '../../../test/fakeAdapter';
import { makeClass, PAGE_TEST_TIMEOUT_MS } from '../../../test/fixtures';
import { memoryPlatform } from '../../../test/memoryPlatform';
import { renderWithAuth, sent, TEST_USER } from '../../../test/renderWithAuth';
import { ClassMaterialsCard, materialIcon } from './ClassMaterialsCard';

vi.mock('react-hot-toast', () => {
  const toast = Object.assign(vi.fn(), { error: vi.fn(), success: vi.fn() });
  return { default: toast };
});

const M = MESSAGES.materials;
const MB = 1024 * 1024;
const OLDER: ClassMaterial = {
  _id: 'm1',
  name: 'syllabus.pdf',
  size: 1.2 * MB,
  type: 'application/pdf',
  createdAt: '2026-11-20T10:00:00.000Z',
};
const NEWER: ClassMaterial = {
  _id: 'm2',
  name: 'notes.md',
  size: 532,
  type: 'text/markdown',
  createdAt: '2026-11-25T10:00:00.000Z',
};

type Answer = (c: InternalAxiosRequestConfig) => FakeAnswer | undefined;

/** Answers the list (older first, to prove the card sorts) and whatever `answer` adds. */
function listing(materials: ClassMaterial[], answer?: Answer) {
  return (config: InternalAxiosRequestConfig): FakeAnswer => {
    const own = answer?.(config);
    if (own) return own;
    if (config.method === 'get' && config.url === '/classes/c1/materials')
      return { status: 200, data: { materials, usedBytes: 12 * MB, quotaBytes: 500 * MB } };
    return { status: 404, data: { message: 'Not found' } };
  };
}

function setup({
  isOwner = false,
  isMember = true,
  materials = [NEWER, OLDER],
  answer,
  adapter,
  platform,
  user,
}: {
  user?: typeof TEST_USER;
  isOwner?: boolean;
  isMember?: boolean;
  materials?: ClassMaterial[];
  answer?: Answer;
  adapter?: AxiosAdapter;
  platform?: ReturnType<typeof memoryPlatform>;
} = {}) {
  // Its owner is the signed-in user, as on the class page.
  const mentor = isOwner ? { _id: TEST_USER._id, name: TEST_USER.name } : { _id: 'mentor-1', name: 'Grace Hopper' };
  const cls = makeClass({ _id: 'c1', title: 'Rust basics', mentor });
  return renderWithAuth(<ClassMaterialsCard cls={cls} isMember={isMember} isOwner={isOwner} />, {
    path: '/classes/c1',
    route: '/classes/:id',
    answer: listing(materials, answer),
    adapter,
    platform,
    user,
  });
}

/** The desktop's downloads: `save` reports one saved as the main process would; `opened` what was opened. */
function desktopDownloads(openError?: string) {
  const listeners = new Set<(download: SavedDownload) => void>();
  const opened: string[] = [];
  const platform = {
    ...memoryPlatform(),
    downloads: {
      onSaved: (listener: (download: SavedDownload) => void) => {
        listeners.add(listener);
        return () => void listeners.delete(listener);
      },
      open: async (id: string) => {
        opened.push(id);
        if (openError) throw new Error(openError);
      },
    },
  };
  const save = (download: SavedDownload) =>
    act(() => {
      for (const listener of listeners) listener(download);
    });
  return { platform, save, opened };
}

const PDF_ANSWER: Answer = (c) =>
  c.method === 'get' && c.url === '/materials/m1/download'
    ? { status: 200, data: new Blob(['%PDF-1.4'], { type: 'application/pdf' }) }
    : undefined;

/**
 * An adapter that holds each upload until the test settles it, reporting progress through the
 * request's onUploadProgress as XMLHttpRequest would, and rejecting as axios does when its signal aborts.
 */
function holdingUploads(materials: ClassMaterial[]) {
  const fake = fakeAdapter(listing(materials));
  const held: {
    config: InternalAxiosRequestConfig;
    progress: (loaded: number, total: number) => void;
    answer: (a: FakeAnswer) => void;
  }[] = [];
  const adapter: AxiosAdapter = (config) => {
    if (config.method !== 'post') return fake.adapter(config);
    fake.requests.push(config);
    return new Promise((resolve, reject) => {
      const signal = config.signal as AbortSignal | undefined;
      signal?.addEventListener('abort', () => reject(new AxiosError('canceled', AxiosError.ERR_CANCELED, config)));
      held.push({
        config,
        progress: (loaded, total) => {
          config.onUploadProgress?.({ loaded, total, bytes: loaded, lengthComputable: true, upload: true });
        },
        answer: (a) => {
          fakeAdapter(() => a)
            .adapter(config)
            .then(resolve, reject);
        },
      });
    });
  };
  return { adapter, held, requests: fake.requests };
}

/** The file an upload request carries under `file`. */
const fileSent = (config: InternalAxiosRequestConfig | undefined) =>
  config?.data instanceof FormData ? config.data.get('file') : null;

const pdf = () => new File(['%PDF-1.4 hello'], 'week1.pdf', { type: 'application/pdf' });
const md = () => new File(['# Week 2\n'], 'week2.md', { type: 'text/markdown' });

describe('materialIcon', () => {
  it('tells images, archives, sheets, slides and documents apart', () => {
    expect(materialIcon('image/png').displayName).toMatch(/Image/);
    expect(materialIcon('application/zip').displayName).toMatch(/Archive/);
    expect(materialIcon('application/vnd.oasis.opendocument.spreadsheet').displayName).toMatch(/Spreadsheet/);
    expect(
      materialIcon('application/vnd.openxmlformats-officedocument.presentationml.presentation').displayName,
    ).toMatch(/Presentation/);
    expect(materialIcon('application/pdf').displayName).toMatch(/Text/);
  });
});

describe('ClassMaterialsCard', { timeout: PAGE_TEST_TIMEOUT_MS }, () => {
  it('lists the files newest first with type, size and date, and lets a learner only download', async () => {
    setup();
    const items = await screen.findAllByTestId('material-item');
    expect(items.map((item) => within(item).getByText(/\.(md|pdf)$/).textContent)).toEqual([
      'notes.md',
      'syllabus.pdf',
    ]);
    expect(items[0]).toHaveTextContent(`Markdown · 532 B · ${formatDate(NEWER.createdAt)}`);
    expect(items[1]).toHaveTextContent(`PDF · 1.2 MB · ${formatDate(OLDER.createdAt)}`);
    expect(within(items[0] as HTMLElement).getByRole('button', { name: 'Download notes.md' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: M.pick })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Rename/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(screen.queryByTestId('materials-storage')).not.toBeInTheDocument();
  });

  it('lets a member report a file, as other content, and not its mentor', async () => {
    const user = userEvent.setup();
    const { requests } = setup();
    const items = await screen.findAllByTestId('material-item');
    await user.click(within(items[1] as HTMLElement).getByRole('button', { name: 'More actions for syllabus.pdf' }));
    await user.click(screen.getByRole('button', { name: 'Report file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report file' });
    await user.click(within(dialog).getByRole('radio', { name: 'Inappropriate' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(sent(requests, 'post', '/reports')).toHaveLength(1));
    expect(JSON.parse(String(sent(requests, 'post', '/reports')[0]?.data))).toMatchObject({
      targetType: 'material',
      targetId: 'm1',
      reason: 'inappropriate',
    });
  });

  it('offers its mentor no report of their own files', async () => {
    setup({ isOwner: true });
    await screen.findAllByTestId('material-item');
    expect(screen.queryByRole('button', { name: /^More actions/ })).not.toBeInTheDocument();
  });

  it('shows a hidden file as the server’s notice, without a download, to others', async () => {
    setup({ materials: [{ ...OLDER, name: MESSAGES.moderation.hiddenNotice, hidden: true }] });
    const [item] = await screen.findAllByTestId('material-item');
    expect(item).toHaveTextContent(MESSAGES.moderation.hiddenNotice);
    expect(within(item as HTMLElement).queryByRole('button', { name: /^Download/ })).not.toBeInTheDocument();
  });

  it('marks a hidden file as hidden for its mentor, who still downloads it', async () => {
    setup({ isOwner: true, materials: [{ ...OLDER, hidden: true }] });
    const [item] = await screen.findAllByTestId('material-item');
    expect(within(item as HTMLElement).getByText('Hidden')).toBeInTheDocument();
    expect(within(item as HTMLElement).getByRole('button', { name: 'Download syllabus.pdf' })).toBeEnabled();
  });

  it('says so when there are no files, and shows nothing (asking nothing) to a non-member', async () => {
    const first = setup({ materials: [] });
    expect(await screen.findByText(M.none)).toBeInTheDocument();
    first.unmount();
    const { requests } = setup({ isMember: false });
    expect(screen.queryByTestId('materials-card')).not.toBeInTheDocument();
    expect(sent(requests, 'get', '/classes/c1/materials')).toHaveLength(0);
  });

  it('downloads a file through the API client and saves it under its name', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const { requests } = setup({
      answer: (c) =>
        c.method === 'get' && c.url === '/materials/m1/download'
          ? { status: 200, data: new Blob(['%PDF-1.4'], { type: 'application/pdf' }) }
          : undefined,
    });
    await screen.findAllByTestId('material-item');
    await userEvent.click(screen.getByRole('button', { name: 'Download syllabus.pdf' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const [request] = sent(requests, 'get', '/materials/m1/download');
    expect(request?.responseType).toBe('blob');
    expect(await createObjectURL.mock.calls[0]?.[0].text()).toBe('%PDF-1.4');
  });

  it('offers to open a file the desktop app saved, by the id the platform gave the download', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:app://mentora/syllabus'), revokeObjectURL: vi.fn() });
    const { platform, save, opened } = desktopDownloads();
    setup({ answer: PDF_ANSWER, platform });
    await screen.findAllByTestId('material-item');
    await userEvent.click(screen.getByRole('button', { name: 'Download syllabus.pdf' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: /^Open/ })).not.toBeInTheDocument();

    // Another download of the page (not one this card made) offers nothing.
    save({ id: 'other', fileName: 'session.ics', url: 'blob:app://mentora/ics' });
    expect(screen.queryByRole('button', { name: /^Open/ })).not.toBeInTheDocument();

    save({ id: 'd1', fileName: 'syllabus.pdf', url: 'blob:app://mentora/syllabus' });
    await userEvent.click(screen.getByRole('button', { name: 'Open syllabus.pdf' }));
    expect(opened).toEqual(['d1']);
    expect(screen.queryByRole('button', { name: 'Open notes.md' })).not.toBeInTheDocument();
  });

  it('says why the system could not open a saved file', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:app://mentora/syllabus'), revokeObjectURL: vi.fn() });
    const { platform, save } = desktopDownloads('No application is set to open this file');
    setup({ answer: PDF_ANSWER, platform });
    await screen.findAllByTestId('material-item');
    await userEvent.click(screen.getByRole('button', { name: 'Download syllabus.pdf' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    save({ id: 'd1', fileName: 'syllabus.pdf', url: 'blob:app://mentora/syllabus' });
    await userEvent.click(screen.getByRole('button', { name: 'Open syllabus.pdf' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(M.openFailed('No application is set to open this file')),
    );
  });

  it('offers no Open on the web, where the platform has no downloads', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
    setup({ answer: PDF_ANSWER });
    await screen.findAllByTestId('material-item');
    await userEvent.click(screen.getByRole('button', { name: 'Download syllabus.pdf' }));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalled());
    expect(screen.queryByRole('button', { name: /^Open/ })).not.toBeInTheDocument();
  });

  it('shows its mentor the storage used and uploads several picked files at once, each with its progress', async () => {
    const { adapter, held } = holdingUploads([OLDER]);
    setup({ isOwner: true, adapter });
    expect(await screen.findByTestId('materials-storage')).toHaveTextContent('12 MB of 500 MB used');
    await userEvent.upload(screen.getByTestId('materials-input'), [pdf(), md()]);

    await waitFor(() => expect(held).toHaveLength(2));
    const first = held[0]?.config;
    // Multipart, not the client's JSON: the FormData goes as it is, with the file under `file`.
    expect(first?.data).toBeInstanceOf(FormData);
    expect(fileSent(first)).toHaveProperty('name', 'week1.pdf');
    expect(String(first?.headers.getContentType())).not.toMatch(/json/);
    expect(first?.url).toBe('/classes/c1/materials');

    act(() => held[0]?.progress(7, 14));
    const bar = screen.getByRole('progressbar', { name: 'Uploading week1.pdf' });
    expect(bar).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('progressbar', { name: 'Uploading week2.md' })).toHaveAttribute('aria-valuenow', '0');

    act(() =>
      held[0]?.answer({
        status: 201,
        data: { material: { ...NEWER, _id: 'm3', name: 'week1.pdf', type: 'application/pdf' } },
      }),
    );
    await waitFor(() => expect(bar).not.toBeInTheDocument());
    expect(toast.success).toHaveBeenCalledWith(M.uploaded('week1.pdf'));
    expect(screen.getByRole('progressbar', { name: 'Uploading week2.md' })).toBeInTheDocument();
  });

  it('cancels an upload under way by aborting its request', async () => {
    const { adapter, held } = holdingUploads([]);
    setup({ isOwner: true, adapter });
    await screen.findByText(M.noneMentor);
    await userEvent.upload(screen.getByTestId('materials-input'), [pdf()]);
    await waitFor(() => expect(held).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel the upload of week1.pdf' }));
    expect(held[0]?.config.signal?.aborted).toBe(true);
    expect(screen.queryByTestId('upload-item')).not.toBeInTheDocument();
  });

  it('shows the server’s reason when it refuses a file, until dismissed', async () => {
    const { adapter, held } = holdingUploads([]);
    setup({ isOwner: true, adapter });
    await screen.findByText(M.noneMentor);
    await userEvent.upload(screen.getByTestId('materials-input'), [pdf()]);
    await waitFor(() => expect(held).toHaveLength(1));
    act(() => held[0]?.answer({ status: 415, data: { message: M.refusedType } }));
    expect(await screen.findByRole('alert')).toHaveTextContent(M.refusedType);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss week1.pdf' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('uploads files dropped on the card', async () => {
    const { adapter, held } = holdingUploads([]);
    setup({ isOwner: true, adapter });
    await screen.findByText(M.noneMentor);
    const zone = screen.getByTestId('materials-card');
    const dataTransfer = { files: [md()], types: ['Files'], dropEffect: 'none' };
    fireEvent.dragOver(zone, { dataTransfer });
    expect(screen.getByTestId('materials-dropzone').className).toMatch(/border-indigo-500/);
    fireEvent.drop(zone, { dataTransfer });
    await waitFor(() => expect(held).toHaveLength(1));
    expect(fileSent(held[0]?.config)).toHaveProperty('name', 'week2.md');
  });

  it('lets its mentor rename a file', async () => {
    const { requests } = setup({
      isOwner: true,
      answer: (c) =>
        c.method === 'patch' ? { status: 200, data: { material: { ...OLDER, name: 'Syllabus 2026' } } } : undefined,
    });
    await screen.findAllByTestId('material-item');
    await userEvent.click(screen.getByRole('button', { name: 'Rename syllabus.pdf' }));
    const dialog = await screen.findByRole('dialog', { name: M.renameTitle });
    const field = within(dialog).getByLabelText<HTMLInputElement>(M.renameLabel);
    // It opens on the name, all of it selected: typing replaces it (issue #37.3).
    expect(field).toHaveFocus();
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'syllabus.pdf'.length]);
    await userEvent.keyboard('x');
    expect(field).toHaveValue('x');
    await userEvent.clear(field);
    await userEvent.click(within(dialog).getByRole('button', { name: M.renameSave }));
    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    await userEvent.type(field, '  Syllabus 2026 ');
    await userEvent.click(within(dialog).getByRole('button', { name: M.renameSave }));
    await waitFor(() => expect(sent(requests, 'patch', '/materials/m1')).toHaveLength(1));
    expect(JSON.parse(sent(requests, 'patch', '/materials/m1')[0]?.data as string)).toEqual({ name: 'Syllabus 2026' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('deletes a file only after confirmation', async () => {
    const { requests } = setup({
      isOwner: true,
      answer: (c) => (c.method === 'delete' ? { status: 200, data: { message: M.deleted } } : undefined),
    });
    await screen.findAllByTestId('material-item');
    await userEvent.click(screen.getByRole('button', { name: 'Delete notes.md' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent(M.deleteMessage('notes.md'));
    expect(sent(requests, 'delete', '/materials/m2')).toHaveLength(0);
    await userEvent.click(within(confirm).getByRole('button', { name: M.delete }));
    await waitFor(() => expect(sent(requests, 'delete', '/materials/m2')).toHaveLength(1));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(M.deleted));
    await waitFor(() => expect(screen.getByRole('heading', { name: M.heading })).toHaveFocus());
  });

  it('lets an admin who does not teach the class delete a file, not rename it', async () => {
    const { requests } = setup({
      user: { ...TEST_USER, role: 'admin' },
      answer: (c) => (c.method === 'delete' ? { status: 200, data: { message: M.deleted } } : undefined),
    });
    await screen.findAllByTestId('material-item');
    expect(screen.queryByRole('button', { name: /^Rename/ })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Delete syllabus.pdf' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: M.delete }));
    await waitFor(() => expect(sent(requests, 'delete', '/materials/m1')).toHaveLength(1));
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@qianyan/shared/core';
import type { Page } from '../api';
import { mediaApi, type MediaItem } from './mediaApi';
import { MediaPicker } from './MediaPicker';

const item = (id: number, over: Partial<MediaItem> = {}): MediaItem => ({
  id,
  kind: 'audio',
  kindLabel: '音频',
  access: 'public',
  accessLabel: '公开',
  contentType: 'audio/mpeg',
  bytes: 6369,
  durationMs: 3056,
  durationText: '0:03',
  width: null,
  height: null,
  url: `/api/uploads/editorial/2026/11/${id}.mp3`,
  playUrl: `/api/uploads/editorial/2026/11/${id}.mp3`,
  coverUrl: '',
  thumbUrl: '',
  originalName: `talk-${id}.mp3`,
  uploadedBy: { id: 2, username: 'demo_contributor' },
  createdAt: '2026-11-27T08:00:00.000Z',
  ...over,
});

const page = (results: MediaItem[], total = results.length, pageNo = 1): Page<MediaItem> => ({ results, page: { total, pages: Math.ceil(total / 10), pageNo, pageSize: 10 } });

afterEach(() => jest.restoreAllMocks());

describe('MediaPicker', () => {
  it('lists the library with what was read from each file and hands the chosen item up', async () => {
    const list = jest.spyOn(mediaApi, 'list').mockResolvedValue(page([item(2), item(1, { access: 'member', accessLabel: '会员专享', url: '/api/media/editorial/2026/11/1.mp3' })]));
    const onSelect = jest.fn();
    render(<MediaPicker kind="audio" onSelect={onSelect} />);
    const row = (await screen.findByText('talk-2.mp3')).closest('tr')!;
    expect(within(row).getByText('音频 · 0:03 · 6.2 KB')).toBeInTheDocument();
    expect(within(row).getByText('demo_contributor')).toBeInTheDocument();
    expect(within(screen.getByText('talk-1.mp3').closest('tr')!).getByText('会员专享')).toBeInTheDocument();
    expect(list).toHaveBeenCalledWith({ pageNo: 1, pageSize: 10, kind: 'audio', access: undefined }, { silent: true });
    // A fixed kind has no kind filter.
    expect(screen.queryByRole('combobox', { name: '全部类型' })).toBeNull();

    await userEvent.click(within(row).getByRole('button', { name: '选用 talk-2.mp3' }));
    expect(onSelect).toHaveBeenCalledWith(expect.objectContaining({ id: 2, url: '/api/uploads/editorial/2026/11/2.mp3' }));
  });

  it('marks the item the field holds (a cover by its cover URL)', async () => {
    const cover = item(5, { kind: 'image', kindLabel: '图片', durationMs: null, durationText: '', width: 1600, height: 900, coverUrl: '/api/uploads/c_w1200.png', thumbUrl: '/api/uploads/c_w300.png', originalName: 'cover.png' });
    jest.spyOn(mediaApi, 'list').mockResolvedValue(page([cover]));
    render(<MediaPicker kind="image" onSelect={jest.fn()} selectedUrl="/api/uploads/c_w1200.png" />);
    const row = (await screen.findByText('cover.png')).closest('tr')!;
    expect(within(row).getByText('已选用')).toBeInTheDocument();
    expect(within(row).getByRole('img', { name: 'cover.png' })).toHaveAttribute('src', '/api/uploads/c_w300.png');
    expect(within(row).queryByRole('button', { name: /选用/ })).toBeNull();
  });

  it('pages through the library and filters by what I uploaded', async () => {
    const list = jest.spyOn(mediaApi, 'list').mockImplementation(async (q) => page(q.pageNo === 2 ? [item(1)] : [item(12), item(11)], 11, q.pageNo));
    render(<MediaPicker onSelect={jest.fn()} />);
    expect(await screen.findByText('共 11 个文件')).toBeInTheDocument();
    await userEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('talk-1.mp3')).toBeInTheDocument();
    expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ pageNo: 2 }), { silent: true });
    await userEvent.click(screen.getByRole('checkbox', { name: '只看我上传的' }));
    await waitFor(() => expect(list).toHaveBeenLastCalledWith(expect.objectContaining({ pageNo: 1, mine: true }), { silent: true }));
  });

  it("shows the server's refusal with a retry", async () => {
    const list = jest.spyOn(mediaApi, 'list').mockRejectedValueOnce(new ApiError(10403, '没有权限：仅限编辑部人员使用')).mockResolvedValue(page([item(3)]));
    render(<MediaPicker onSelect={jest.fn()} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('没有权限：仅限编辑部人员使用');
    await userEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByText('talk-3.mp3')).toBeInTheDocument();
    expect(list).toHaveBeenCalledTimes(2);
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ArticleDocument } from '../../api';
import { mediaApi, type MediaItem } from '../../media/mediaApi';
import { MediaField, mediaAccessFor, mediaKindOf, storedAddress } from './MediaField';

const item = (over: Partial<MediaItem>): MediaItem => ({
  id: 7,
  kind: 'video',
  kindLabel: '视频',
  access: 'member',
  accessLabel: '会员专享',
  contentType: 'video/mp4',
  bytes: 20480,
  durationMs: 2000,
  durationText: '0:02',
  width: 320,
  height: 240,
  url: '/api/media/editorial/2026/11/7.mp4',
  playUrl: '/api/media/editorial/2026/11/7.mp4?expires=1&sig=x',
  coverUrl: '',
  thumbUrl: '',
  originalName: 'lecture.mp4',
  uploadedBy: { id: 3, username: 'demo_editor' },
  createdAt: '2026-11-27T08:00:00.000Z',
  ...over,
});

afterEach(() => jest.restoreAllMocks());

describe('an article media field', () => {
  it('takes a picture for the cover, audio for an audio item and video otherwise', () => {
    expect(mediaKindOf('thumb', 8)).toBe('image');
    expect(mediaKindOf('videoUrl', 8)).toBe('audio');
    expect(mediaKindOf('videoUrl', 7)).toBe('video');
  });

  it('stores the cover of a picture and the stored address of media, never the signed play address', () => {
    expect(storedAddress('thumb', item({ kind: 'image', url: '/u/a.jpg', coverUrl: '/u/a-cover.jpg' }))).toBe('/u/a-cover.jpg');
    expect(storedAddress('videoUrl', item({}))).toBe('/api/media/editorial/2026/11/7.mp4');
  });

  it('offers member media only to an article readers must log in to read', () => {
    expect(mediaAccessFor({ accessLevel: 'public' })).toBeUndefined();
    expect(mediaAccessFor({ accessLevel: 'login' })).toBe('member');
    expect(mediaAccessFor({ accessLevel: 'member' })).toBe('member');
  });

  it('fills the field with an item chosen from the library, which lists member video for a member article', async () => {
    const list = jest.spyOn(mediaApi, 'list').mockResolvedValue({ results: [item({})], page: { total: 1, pages: 1, pageNo: 1, pageSize: 10 } });
    const update = jest.fn();
    const doc = { sourceId: 7, accessLevel: 'member', videoUrl: '' } as unknown as ArticleDocument;
    render(<MediaField doc={doc} update={update} readOnly={false} field="videoUrl" />);
    expect(screen.getByRole('button', { name: /上传视频/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '从媒体库选择' }));
    const row = (await screen.findByText('lecture.mp4')).closest('tr')!;
    expect(list).toHaveBeenCalledWith(expect.objectContaining({ kind: 'video', access: 'member' }), { silent: true });
    await userEvent.click(within(row).getByRole('button', { name: '选用 lecture.mp4' }));
    expect(update).toHaveBeenCalledWith('videoUrl', '/api/media/editorial/2026/11/7.mp4');
  });

  it('shows only the address to a reader of a document it may not edit', () => {
    const doc = { sourceId: 5, accessLevel: 'public', thumb: '/u/a.jpg' } as unknown as ArticleDocument;
    render(<MediaField doc={doc} update={jest.fn()} readOnly field="thumb" />);
    expect(screen.getByDisplayValue('/u/a.jpg')).toBeDisabled();
    expect(screen.queryByRole('button', { name: '从媒体库选择' })).toBeNull();
  });
});

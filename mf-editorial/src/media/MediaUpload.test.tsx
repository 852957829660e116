import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@qianyan/shared/core';
import { mediaApi, type MediaItem } from './mediaApi';
import { MediaUpload } from './MediaUpload';

const video: MediaItem = {
  id: 7,
  kind: 'video',
  kindLabel: '视频',
  access: 'member',
  accessLabel: '会员专享',
  contentType: 'video/mp4',
  bytes: 7018,
  durationMs: 2000,
  durationText: '0:02',
  width: 64,
  height: 48,
  url: '/api/media/editorial/2026/11/abc.mp4',
  playUrl: '/api/media/editorial/2026/11/abc.mp4?exp=1&sig=x',
  coverUrl: '',
  thumbUrl: '',
  originalName: 'clip.mp4',
  uploadedBy: { id: 3, username: 'demo_editor' },
  createdAt: '2026-11-27T08:00:00.000Z',
};

const fileInput = (container: HTMLElement) => container.querySelector('input[type="file"]') as HTMLInputElement;
const mp4 = (size = 7018) => new File([new Uint8Array(size)], 'clip.mp4', { type: 'video/mp4' });

afterEach(() => jest.restoreAllMocks());

describe('MediaUpload', () => {
  it('shows the progress while sending, then what the server read from the file, and hands the item up', async () => {
    let progress: (percent: number) => void = () => {};
    let finish: (item: MediaItem) => void = () => {};
    const upload = jest.spyOn(mediaApi, 'upload').mockImplementation((_file, _access, onProgress) => {
      progress = onProgress;
      return new Promise<MediaItem>((resolve) => {
        finish = resolve;
      });
    });
    const onUploaded = jest.fn();
    const { container } = render(<MediaUpload kinds={['video']} onUploaded={onUploaded} />);

    await userEvent.click(screen.getByText('会员专享'));
    expect(screen.getByRole('radio', { name: '会员专享' })).toBeChecked();
    expect(screen.getByText('会员专享的视频和音频只通过限时签名链接播放')).toBeInTheDocument();
    await userEvent.upload(fileInput(container), mp4());

    await waitFor(() => expect(upload).toHaveBeenCalledTimes(1));
    expect(upload.mock.calls[0]![0].name).toBe('clip.mp4');
    expect(upload.mock.calls[0]![1]).toBe('member');
    expect(screen.getByText('正在上传 clip.mp4')).toBeInTheDocument();
    act(() => progress(42));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('42%')).toBeInTheDocument();

    await act(async () => finish(video));
    expect(screen.getByTestId('media-uploaded-info')).toHaveTextContent('视频 · 0:02 · 64×48 · 6.9 KB · 会员专享');
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(onUploaded).toHaveBeenCalledWith(video);
  });

  it("shows the server's refusal and hands nothing up", async () => {
    jest.spyOn(mediaApi, 'upload').mockRejectedValue(new ApiError(10001, '视频文件已损坏或无法读取时长，请重新导出后上传'));
    const onUploaded = jest.fn();
    const { container } = render(<MediaUpload onUploaded={onUploaded} />);
    await userEvent.upload(fileInput(container), mp4());
    expect(await screen.findByRole('alert')).toHaveTextContent('视频文件已损坏或无法读取时长，请重新导出后上传');
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('refuses a file of another type, or over the limit, without sending it', async () => {
    const upload = jest.spyOn(mediaApi, 'upload');
    const { container } = render(<MediaUpload kinds={['image']} onUploaded={jest.fn()} />);
    // A cover takes pictures only: no access choice, a picture is always public.
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.getByRole('button', { name: /上传图片/ })).toBeInTheDocument();
    await userEvent.upload(fileInput(container), new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }), { applyAccept: false });
    expect(await screen.findByRole('alert')).toHaveTextContent('上传文件只能是 JPG、PNG、WebP 图片，MP4 视频或 MP3、M4A 音频!');
    const huge = new File(['x'], 'huge.png', { type: 'image/png' });
    Object.defineProperty(huge, 'size', { value: 11 * 1024 * 1024 });
    await userEvent.upload(fileInput(container), huge);
    expect(await screen.findByText('上传图片大小不能超过 10MB!')).toBeInTheDocument();
    expect(upload).not.toHaveBeenCalled();
  });

  it('sends a picture as public whatever the access chosen for video and audio', async () => {
    const upload = jest.spyOn(mediaApi, 'upload').mockResolvedValue({ ...video, kind: 'image', kindLabel: '图片', access: 'public', accessLabel: '公开', durationMs: null, durationText: '', width: 1600, height: 900, bytes: 2048, originalName: 'cover.png' });
    const { container } = render(<MediaUpload onUploaded={jest.fn()} defaultAccess="member" />);
    await userEvent.upload(fileInput(container), new File([new Uint8Array(2048)], 'cover.png', { type: 'image/png' }));
    expect(await screen.findByTestId('media-uploaded-info')).toHaveTextContent('图片 · 1600×900 · 2.0 KB · 公开');
    expect(upload.mock.calls[0]![1]).toBe('public');
  });
});

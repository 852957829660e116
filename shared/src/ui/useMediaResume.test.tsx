import { fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { isSignedMediaUrl, useMediaResume } from './useMediaResume';

function Player({ url, refresh, onFailed }: { url: string; refresh?: () => void; onFailed: () => void }) {
  const ref = useRef<HTMLVideoElement>(null);
  const onError = useMediaResume(ref, url, refresh, onFailed);
  return <video ref={ref} src={url} data-testid="player" onError={onError} />;
}

/** jsdom has no media pipeline: a playing element at `time` whose play() is recorded. */
function asPlaying(el: HTMLMediaElement, time: number) {
  let current = time;
  Object.defineProperty(el, 'currentTime', { configurable: true, get: () => current, set: (v: number) => (current = v) });
  Object.defineProperty(el, 'paused', { configurable: true, get: () => false });
  const play = jest.fn(() => Promise.resolve());
  Object.defineProperty(el, 'play', { configurable: true, value: play });
  return { play, time: () => current };
}

const SIGNED = '/api/media/lesson-1.mp4?lesson=10001&exp=1764059400&sig=abc';
const RENEWED = '/api/media/lesson-1.mp4?lesson=10001&exp=1764061200&sig=def';

describe('useMediaResume', () => {
  it('knows signed URLs: the local signed route and S3 presigned GETs', () => {
    expect(isSignedMediaUrl(SIGNED)).toBe(true);
    expect(isSignedMediaUrl('https://b.example.com/media/a.mp4?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=00')).toBe(true);
    expect(isSignedMediaUrl('/api/static/media/animation-1.mp4?v=QYA0001')).toBe(false);
  });

  it('fetches the item again when a signed URL fails, then resumes at the same time and keeps playing', () => {
    const refresh = jest.fn();
    const onFailed = jest.fn();
    const { rerender } = render(<Player url={SIGNED} refresh={refresh} onFailed={onFailed} />);
    const el = screen.getByTestId('player') as HTMLVideoElement;
    const media = asPlaying(el, 754.5);
    fireEvent.error(el);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onFailed).not.toHaveBeenCalled();

    // The new reply's URL: the element starts over at 0 and is put back once its metadata is in.
    rerender(<Player url={RENEWED} refresh={refresh} onFailed={onFailed} />);
    media.play.mockClear();
    el.currentTime = 0;
    fireEvent(el, new Event('loadedmetadata'));
    expect(media.time()).toBe(754.5);
    expect(media.play).toHaveBeenCalledTimes(1);
  });

  it('shows the failure for a public file, and for a signed one failing again right after a refresh', () => {
    const onFailed = jest.fn();
    const refresh = jest.fn();
    const { rerender } = render(<Player url="/api/static/media/animation-1.mp4" refresh={refresh} onFailed={onFailed} />);
    fireEvent.error(screen.getByTestId('player'));
    expect(refresh).not.toHaveBeenCalled();
    expect(onFailed).toHaveBeenCalledTimes(1);

    rerender(<Player url={SIGNED} refresh={refresh} onFailed={onFailed} />);
    const el = screen.getByTestId('player') as HTMLVideoElement;
    asPlaying(el, 12);
    fireEvent.error(el);
    expect(refresh).toHaveBeenCalledTimes(1);
    rerender(<Player url={RENEWED} refresh={refresh} onFailed={onFailed} />);
    fireEvent.error(el);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onFailed).toHaveBeenCalledTimes(2);
  });
});

import { render } from '@testing-library/react';
import { firstViewPreviewPage, releaseFirstView, useReleaseFirstView } from './firstViewPreview';

function drawPreview(page: string) {
  const main = document.createElement('main');
  main.id = 'qy-main';
  main.innerHTML = `<div id="qy-first-view" data-page="${page}" aria-hidden="true" inert><img src="/a.svg" alt=""></div>`;
  document.body.appendChild(main);
  return main;
}

function Banner({ ready, decode }: { ready: boolean; decode?: () => Promise<void> }) {
  useReleaseFirstView('home', ready, '.banner img');
  return (
    <div className="banner">
      {ready && (
        <img
          src="/a.svg"
          alt=""
          ref={(img) => {
            if (img && decode) Object.assign(img, { decode });
          }}
        />
      )}
    </div>
  );
}

describe("the server's preview of a page's top", () => {
  afterEach(() => document.getElementById('qy-main')?.remove());

  it('is removed only for its own page', () => {
    drawPreview('home');
    releaseFirstView('course-resources');
    expect(firstViewPreviewPage()).toBe('home');
    releaseFirstView('home');
    expect(firstViewPreviewPage()).toBeNull();
    drawPreview('course-resources');
    releaseFirstView();
    expect(document.getElementById('qy-first-view')).toBeNull();
  });

  it("stays while the page's banner loads and goes once its picture is decoded", async () => {
    drawPreview('home');
    let decoded!: () => void;
    const decode = () => new Promise<void>((resolve) => (decoded = resolve));
    const view = render(<Banner ready={false} decode={decode} />);
    expect(firstViewPreviewPage()).toBe('home');
    view.rerender(<Banner ready decode={decode} />);
    expect(firstViewPreviewPage()).toBe('home');
    decoded();
    await Promise.resolve();
    await Promise.resolve();
    expect(firstViewPreviewPage()).toBeNull();
  });

  it('goes at once when the page draws no picture, and when the page unmounts', () => {
    drawPreview('home');
    function NoBanner() {
      useReleaseFirstView('home', true, '.none img');
      return null;
    }
    render(<NoBanner />);
    expect(firstViewPreviewPage()).toBeNull();

    drawPreview('home');
    const view = render(<Banner ready decode={() => new Promise<void>(() => undefined)} />);
    expect(firstViewPreviewPage()).toBe('home');
    view.unmount();
    expect(firstViewPreviewPage()).toBeNull();
  });
});

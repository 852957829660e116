import { api, ApiError, MSG } from '@qianyan/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createPortal } from 'react-dom';
import { HeaderAdvert } from './HeaderAdvert';

afterEach(() => {
  jest.restoreAllMocks();
  document.cookie = 'qy_ad_closed=; path=/; max-age=0';
});

const HEADER_AD = {
  id: 1,
  name: '会员年度计划',
  adUrl: '/personal?type=flag4',
  imgUrl: '[{"url":"/api/static/adverts/header-1.svg"}]',
  advertPosition: '页眉',
  ifPublish: 1,
};

function mock(switchValue: 0 | 1, results = [HEADER_AD]) {
  jest.spyOn(api.base, 'getModularSwitch').mockResolvedValue({ moduleName: 'advert', switchValue });
  return jest
    .spyOn(api.advert, 'selectAdvertList')
    .mockResolvedValue({ results, page: { total: results.length, pages: 1, pageNo: 1, pageSize: 1 } });
}

describe('header advert', () => {
  it('shows the published header advert, 100 px high, and closes', async () => {
    const list = mock(1);
    render(<HeaderAdvert />);
    const img = await screen.findByRole('img', { name: '会员年度计划' });
    expect(img).toHaveAttribute('src', '/api/static/adverts/header-1.svg');
    expect(screen.getByRole('complementary', { name: '页眉广告' })).toHaveStyle({ height: '100px' });
    expect(screen.getByRole('link')).toHaveAttribute('href', '/personal?type=flag4');
    expect(list).toHaveBeenCalledWith({ pageNo: 1, pageSize: 1, advertPosition: '页眉' }, { silent: true });
    await userEvent.click(screen.getByRole('button', { name: '关闭广告' }));
    expect(screen.queryByRole('img', { name: '会员年度计划' })).toBeNull();
  });

  it('stays closed on the next page of the visit, and a new advert shows again', async () => {
    mock(1);
    const first = render(<HeaderAdvert />);
    await userEvent.click(await screen.findByRole('button', { name: '关闭广告' }));
    first.unmount();

    // The next page: a new chrome, the same advert.
    const next = render(<HeaderAdvert />);
    await waitFor(() => expect(api.advert.selectAdvertList).toHaveBeenCalledTimes(2));
    expect(next.container).toBeEmptyDOMElement();
    next.unmount();

    mock(1, [{ ...HEADER_AD, id: 2, name: '新课程上线' }]);
    render(<HeaderAdvert />);
    expect(await screen.findByRole('img', { name: '新课程上线' })).toBeInTheDocument();
  });

  it('is absent when the advert switch is off, without asking for adverts', async () => {
    const list = mock(0);
    const { container } = render(<HeaderAdvert />);
    await waitFor(() => expect(api.base.getModularSwitch).toHaveBeenCalled());
    expect(list).not.toHaveBeenCalled();
    expect(container).toBeEmptyDOMElement();
  });

  it('is absent when there is no header advert or the call fails', async () => {
    mock(1, []);
    const empty = render(<HeaderAdvert />);
    await waitFor(() => expect(api.advert.selectAdvertList).toHaveBeenCalled());
    expect(empty.container).toBeEmptyDOMElement();
    empty.unmount();
    jest.spyOn(api.advert, 'selectAdvertList').mockRejectedValue(new ApiError(-1, MSG.busy));
    const failed = render(<HeaderAdvert />);
    await waitFor(() => expect(api.advert.selectAdvertList).toHaveBeenCalledTimes(2));
    expect(failed.container).toBeEmptyDOMElement();
  });

  describe('drawn by the server first', () => {
    /** index.html's box with the server's drawing of the advert in it; the chrome portals into it (ChromeApp). */
    function serverDrawnBox() {
      const box = document.createElement('div');
      box.id = 'qy-header-ad';
      box.className = 'qy-header-ad--reserved';
      box.innerHTML =
        '<aside class="qy-header-ad" aria-label="页眉广告" style="height:100px" data-qy-static=""><a class="qy-header-ad__link" href="/personal?type=flag4"><img src="/api/static/adverts/header-1.svg" alt="会员年度计划"></a></aside>';
      document.body.appendChild(box);
      return box;
    }
    afterEach(() => document.getElementById('qy-header-ad')?.remove());

    it("is replaced by the chrome's closable advert, never shown twice", async () => {
      mock(1);
      const box = serverDrawnBox();
      render(createPortal(<HeaderAdvert />, box));
      await screen.findByRole('button', { name: '关闭广告' });
      expect(box.querySelectorAll('aside')).toHaveLength(1);
      expect(box.querySelector('[data-qy-static]')).toBeNull();
      expect(screen.getAllByRole('img', { name: '会员年度计划' })).toHaveLength(1);
      await userEvent.click(screen.getByRole('button', { name: '关闭广告' }));
      expect(box.querySelector('aside')).toBeNull();
      expect(box).not.toHaveClass('qy-header-ad--reserved');
    });

    it('is removed with its reserved height when the chrome finds no advert', async () => {
      mock(0);
      const box = serverDrawnBox();
      render(createPortal(<HeaderAdvert />, box));
      await waitFor(() => expect(box.querySelector('[data-qy-static]')).toBeNull());
      expect(box).not.toHaveClass('qy-header-ad--reserved');
      expect(screen.queryByRole('img')).toBeNull();
    });
  });
});

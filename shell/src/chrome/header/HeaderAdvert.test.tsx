import { api, ApiError, MSG } from '@qianyan/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HeaderAdvert } from './HeaderAdvert';

afterEach(() => jest.restoreAllMocks());

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
});

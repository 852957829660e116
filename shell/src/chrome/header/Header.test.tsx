import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { api, siteConfig } from '@qianyan/shared';
import { act } from 'react';
import { SEARCH_HISTORY_KEY } from '../searchHistory';
import { chromeTestSetup, here, renderChrome, setWidth } from '../testUtils';

// antd renders slowly in jsdom (styles are computed at first mount).
jest.setTimeout(30_000);

chromeTestSetup();

const mainNav = () => screen.getByRole('navigation', { name: '主导航' });

describe('header menu', () => {
  it('shows the logo and every top-level entry with its target', async () => {
    renderChrome();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: /千言医学\s*医学前沿/ })).toHaveAttribute('href', '/index');
    const nav = mainNav();
    expect(within(nav).getByRole('link', { name: '首页' })).toHaveAttribute('href', '/index');
    expect(within(nav).getByRole('button', { name: '期刊' })).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: '专业领域' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: '动画解读' })).toHaveAttribute('href', '/animation-list');
    expect(within(nav).getByRole('link', { name: '课程' })).toHaveAttribute('href', '/course-resources');
    expect(within(nav).getByRole('link', { name: '关于我们' })).toHaveAttribute('href', '/about');
    // The external medical-humanities link shows once the site names it (MEDICAL_HUMANITIES_URL).
    expect(within(nav).queryByRole('link', { name: '医学人文' })).toBeNull();
    await waitFor(() => expect(api.article.selectArticleClass).toHaveBeenCalled());
  });

  it('links the medical-humanities site in a new tab when it is configured', async () => {
    window.__QY_CONFIG__ = { medicalHumanitiesUrl: 'https://humanities.example.cn/' };
    try {
      renderChrome();
      const humanities = within(mainNav()).getByRole('link', { name: '医学人文' });
      expect(humanities).toHaveAttribute('href', siteConfig().medicalHumanitiesUrl);
      expect(humanities).toHaveAttribute('target', '_blank');
      expect(humanities.getAttribute('rel')).toContain('noopener');
      await waitFor(() => expect(api.article.selectArticleClass).toHaveBeenCalled());
    } finally {
      delete window.__QY_CONFIG__;
    }
  });

  it('highlights the entry of the current page and follows navigation', async () => {
    const user = userEvent.setup({ delay: null });
    renderChrome();
    expect(within(mainNav()).getByRole('link', { name: '首页' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(mainNav()).getByRole('link', { name: '关于我们' }));
    expect(here()).toBe('/about');
    expect(within(mainNav()).getByRole('link', { name: '关于我们' })).toHaveAttribute('aria-current', 'page');
    expect(within(mainNav()).getByRole('link', { name: '首页' })).not.toHaveAttribute('aria-current');
  });

  it('follows navigation made by other apps (popstate)', () => {
    renderChrome();
    act(() => {
      window.history.pushState(null, '', '/animation-list');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(within(mainNav()).getByRole('link', { name: '动画解读' })).toHaveAttribute('aria-current', 'page');
  });

  it('opens the journal menu with 按期浏览, 5 years, 更多 for the 6 older ones, and the series links', async () => {
    const user = userEvent.setup({ delay: null });
    renderChrome();
    await user.click(within(mainNav()).getByRole('button', { name: '期刊' }));
    const year = new Date().getFullYear();
    expect(await screen.findByRole('link', { name: /按期浏览/ })).toHaveAttribute('href', '/period-article');
    for (let i = 0; i < 5; i += 1) {
      expect(screen.getByRole('link', { name: `${year - i}年` })).toHaveAttribute(
        'href',
        `/period-article?year=${year - i}`,
      );
    }
    expect(screen.queryByRole('link', { name: `${year - 5}年` })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '更多' }));
    for (let i = 5; i < 11; i += 1) {
      expect(screen.getByRole('link', { name: `${year - i}年` })).toHaveAttribute(
        'href',
        `/period-article?year=${year - i}`,
      );
    }
    expect(screen.queryByRole('link', { name: `${year - 11}年` })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '最新一期' })).toHaveAttribute('href', '/latest-periodical');
    expect(screen.getByRole('link', { name: '期刊文章' })).toHaveAttribute('href', '/nejm-list');
    expect(screen.getByRole('link', { name: 'Catalyst' })).toHaveAttribute('href', '/nejm-catalyst-list');
    expect(screen.getByRole('link', { name: 'Evidence' })).toHaveAttribute('href', '/nejm-evidence-list');
    expect(screen.getByRole('link', { name: '期刊文摘' })).toHaveAttribute('href', '/nejm-periodical-list');
  });

  it('navigates to a year without reloading the page', async () => {
    const user = userEvent.setup({ delay: null });
    renderChrome();
    await user.click(within(mainNav()).getByRole('button', { name: '期刊' }));
    const year = new Date().getFullYear();
    await user.click(await screen.findByRole('link', { name: `${year - 1}年` }));
    expect(here()).toBe(`/period-article?year=${year - 1}`);
    expect(within(mainNav()).getByRole('button', { name: '期刊' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('builds the 专业领域 menu from the class list, with 述评 last', async () => {
    const user = userEvent.setup({ delay: null });
    renderChrome();
    await user.click(within(mainNav()).getByRole('button', { name: '专业领域' }));
    expect(await screen.findByRole('link', { name: '心脑血管' })).toHaveAttribute(
      'href',
      '/professional-article-list?code=10',
    );
    expect(screen.getByRole('link', { name: '肿瘤' })).toHaveAttribute('href', '/professional-article-list?code=20');
    expect(screen.getByRole('link', { name: '感染' })).toHaveAttribute('href', '/professional-article-list?code=70');
    expect(screen.getByRole('link', { name: '述评' })).toHaveAttribute('href', '/commentary');
    await user.click(screen.getByRole('link', { name: '肿瘤' }));
    expect(here()).toBe('/professional-article-list?code=20');
    expect(within(mainNav()).getByRole('button', { name: '专业领域' })).toHaveClass('is-active');
  });

  it('offers a retry when the class list cannot load, and keeps 述评', async () => {
    const spy = jest.spyOn(api.article, 'selectArticleClass').mockRejectedValueOnce(new Error('down'));
    const user = userEvent.setup({ delay: null });
    renderChrome();
    await user.click(within(mainNav()).getByRole('button', { name: '专业领域' }));
    expect(await screen.findByText('专业领域加载失败')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '述评' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '重试' }));
    expect(await screen.findByRole('link', { name: '心脑血管' })).toBeInTheDocument();
    expect(spy).toHaveBeenCalledTimes(2);
  });
});

describe('header panels', () => {
  it('opens on hover, says it has a popup, and closes on Escape with the focus back on its trigger', async () => {
    const user = userEvent.setup({ delay: null });
    renderChrome();
    const journals = within(mainNav()).getByRole('button', { name: '期刊' });
    expect(journals).toHaveAttribute('aria-haspopup', 'true');
    expect(journals).toHaveAttribute('aria-expanded', 'false');
    await user.hover(journals);
    expect(await screen.findByRole('link', { name: /按期浏览/ })).toBeInTheDocument();
    expect(journals).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('link', { name: /按期浏览/ })).not.toBeInTheDocument();
    expect(journals).toHaveAttribute('aria-expanded', 'false');
    expect(journals).toHaveFocus();
  });

  it('closes when the pointer leaves it', async () => {
    const user = userEvent.setup({ delay: null });
    renderChrome();
    const fieldsButton = within(mainNav()).getByRole('button', { name: '专业领域' });
    await user.hover(fieldsButton);
    expect(await screen.findByRole('link', { name: '述评' })).toBeInTheDocument();
    await user.unhover(fieldsButton);
    await waitFor(() => expect(screen.queryByRole('link', { name: '述评' })).not.toBeInTheDocument());
  });

  it('opens from the keyboard, lets Tab reach its links, and closes when the focus leaves it', async () => {
    const user = userEvent.setup({ delay: null });
    renderChrome();
    const journals = within(mainNav()).getByRole('button', { name: '期刊' });
    act(() => journals.focus());
    await user.keyboard('{Enter}');
    const panel = document.getElementById(journals.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(panel).toBeInTheDocument();
    await user.tab();
    expect(within(panel).getByRole('link', { name: /按期浏览/ })).toHaveFocus();
    await user.tab({ shift: true });
    expect(journals).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(mainNav()).getByRole('link', { name: '首页' })).toHaveFocus();
    expect(journals).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: /按期浏览/ })).not.toBeInTheDocument();
  });
});

describe('search bar', () => {
  it('navigates to /search with the encoded query and remembers it', async () => {
    const user = userEvent.setup({ delay: null });
    renderChrome();
    await user.click(screen.getByRole('button', { name: '站内搜索' }));
    const box = await screen.findByRole('textbox', { name: '搜索关键词' });
    expect(box).toHaveFocus();
    await user.type(box, '心力衰竭 治疗{Enter}');
    expect(here()).toBe(`/search?query=${encodeURIComponent('心力衰竭 治疗')}`);
    expect(JSON.parse(window.localStorage.getItem(SEARCH_HISTORY_KEY) ?? '[]')).toEqual(['心力衰竭 治疗']);
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });

  it('does nothing for an empty query', async () => {
    const user = userEvent.setup({ delay: null });
    renderChrome();
    await user.click(screen.getByRole('button', { name: '站内搜索' }));
    await user.type(await screen.findByRole('textbox', { name: '搜索关键词' }), '   ');
    await user.click(within(screen.getByRole('search')).getByRole('button', { name: '搜索' }));
    expect(here()).toBe('/index');
    expect(screen.getByRole('search')).toBeInTheDocument();
  });

  it('shows the history newest first, searches again on click, and clears it', async () => {
    window.localStorage.setItem(SEARCH_HISTORY_KEY, JSON.stringify(['肺癌', '糖尿病']));
    const user = userEvent.setup({ delay: null });
    renderChrome();
    await user.click(screen.getByRole('button', { name: '站内搜索' }));
    const history = screen.getByRole('region', { name: '搜索历史' });
    expect(within(history).getAllByRole('button').map((b) => b.textContent)).toEqual(['清空历史', '肺癌', '糖尿病']);
    await user.click(within(history).getByRole('button', { name: '糖尿病' }));
    expect(here()).toBe(`/search?query=${encodeURIComponent('糖尿病')}`);
    expect(JSON.parse(window.localStorage.getItem(SEARCH_HISTORY_KEY) ?? '[]')).toEqual(['糖尿病', '肺癌']);

    await user.click(screen.getByRole('button', { name: '站内搜索' }));
    expect(await screen.findByRole('textbox', { name: '搜索关键词' })).toHaveValue('糖尿病');
    await user.click(screen.getByRole('button', { name: '清空历史' }));
    expect(screen.queryByRole('region', { name: '搜索历史' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(SEARCH_HISTORY_KEY)).toBeNull();
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup({ delay: null });
    renderChrome();
    await user.click(screen.getByRole('button', { name: '站内搜索' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });
});

describe('mobile header', () => {
  beforeEach(() => setWidth(390));

  it('replaces the menu with a drawer that has the same entries', async () => {
    const user = userEvent.setup({ delay: null });
    renderChrome();
    expect(screen.queryByRole('navigation', { name: '主导航' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: '站内搜索' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '打开菜单' }));
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    for (const name of ['首页', '动画解读', '课程', '关于我们']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    await user.click(within(nav).getByText('期刊'));
    expect(await within(nav).findByRole('link', { name: '按期浏览' })).toHaveAttribute('href', '/period-article');
    await user.click(within(nav).getByText('按年份浏览'));
    const year = new Date().getFullYear();
    expect(await within(nav).findByRole('link', { name: `${year - 10}年` })).toBeInTheDocument();

    await user.click(within(nav).getByText('专业领域'));
    await user.click(await within(nav).findByRole('link', { name: '肿瘤' }));
    expect(here()).toBe('/professional-article-list?code=20');
    await waitFor(() => expect(screen.getByRole('button', { name: '打开菜单' })).toHaveAttribute('aria-expanded', 'false'));
  });
});

import { screen } from '@testing-library/react';
import { AppRoutes } from '../App';
import { transferTarget } from '../article-transfer/ArticleTransfer';
import { UnderConstructionPage } from './UnderConstructionPage';
import { renderAt } from '../test/fixtures';

describe('sections without a screen yet', () => {
  // Every section of the app now has its screen; the panel itself is what a future one shows.
  it('the panel says the section is being prepared and links home and to the journal list', () => {
    const name = '搜索';
    renderAt('/search', <UnderConstructionPage name={name} />);
    expect(screen.getByRole('heading', { level: 1, name })).toBeInTheDocument();
    expect(screen.getByText('栏目建设中')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`「${name}」栏目正在准备中`))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '首页' })).toHaveAttribute('href', '/index');
    expect(screen.getByRole('link', { name: '期刊文章' })).toHaveAttribute('href', '/nejm-list');
    expect(document.title).toBe(`${name} - 千言医学`);
  });

  it('an unknown path inside the app says the page does not exist', async () => {
    renderAt('/article-nowhere', <AppRoutes />);
    // The themed routes (everything but the home page) arrive with their own chunk.
    expect(await screen.findByRole('heading', { level: 1, name: '页面不存在' })).toBeInTheDocument();
  });
});

describe('/article-transfer', () => {
  it('sends animation and audio to the animation page and anything else to the article page', () => {
    const at = (q: string) => transferTarget(new URLSearchParams(q), 123);
    expect(at('sourceid=7&permalinks=A1')).toBe('/animation-particulars?permalinks=A1&t=123');
    expect(at('sourceid=8&permalinks=A2')).toBe('/animation-particulars?permalinks=A2&t=123');
    expect(at('sourceid=5&permalinks=J1')).toBe('/article-info?permalinks=J1&t=123');
  });

  it('replaces itself with the target page', async () => {
    const { location } = renderAt('/article-transfer?sourceid=5&permalinks=QYJ0001', <AppRoutes />);
    expect(await screen.findByRole('heading', { level: 1, name: '文章详情' })).toBeInTheDocument();
    expect(location()).toMatch(/^\/article-info\?permalinks=QYJ0001&t=\d+$/);
  });
});

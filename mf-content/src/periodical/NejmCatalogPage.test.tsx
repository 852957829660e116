import { api, clearSession } from '@qianyan/shared';
import { screen } from '@testing-library/react';
import { AppRoutes } from '../App';
import { CLASSES, renderAt } from '../test/fixtures';
import { openDetail } from '../article/testData';

jest.setTimeout(30_000);

beforeEach(() => {
  clearSession();
  jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue(CLASSES);
  jest.spyOn(api.article, 'getRelationVideo').mockResolvedValue([]);
});
afterEach(() => jest.restoreAllMocks());

describe('/nejm-catalog', () => {
  it('shows the catalogue title and its keywords after the label 关键词：', async () => {
    jest
      .spyOn(api.article, 'getArticleDetail')
      .mockResolvedValue(openDetail({ title: '2026年第45期 目录', keyword: '肿瘤,心脑血管', content: '<h2>原创论著</h2>' }));
    renderAt('/nejm-catalog?permalinks=QYM20261119', <AppRoutes />);
    expect(await screen.findByRole('heading', { level: 1, name: '2026年第45期 目录' })).toBeInTheDocument();
    const keywords = screen.getByText('关键词：').closest('p');
    expect(keywords).toHaveTextContent(/^关键词：肿瘤；心脑血管$/);
  });
});

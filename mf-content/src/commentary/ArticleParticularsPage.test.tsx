import { api, ApiError, clearSession, dialogAtom, MSG, qyStore, setSession, toast, type ArticleDetail } from '@qianyan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../App';
import { articleDetail, MEMBER, openDetail } from '../article/testData';
import { article, CLASSES, pageOf, renderAt, setViewportWidth } from '../test/fixtures';
import { commentaryIsContent } from './ArticleParticularsPage';

jest.setTimeout(30_000);

const label = (text: string) => new RegExp(`^${text.split('').join('\\s?')}$`);

/** A journal article with a commentary, as the server sends it to a reader who may not read it. */
const lockedCommentary = (over: Partial<ArticleDetail> = {}) =>
  articleDetail({
    haswantsay: 1,
    wantsayTitle: '述评：免疫治疗的新起点',
    wantsay: '<p>述评的免费部分。</p>',
    wantsayTruncated: true,
    relationArticleIds: '',
    outlink: 'https://journal.example.org/doi/10.5555/demo.1',
    ...over,
  });

let detailSpy: jest.SpyInstance;
let listSpy: jest.SpyInstance;

beforeEach(() => {
  setViewportWidth(1440);
  clearSession();
  qyStore.set(dialogAtom, null);
  detailSpy = jest.spyOn(api.article, 'getArticleDetail');
  listSpy = jest.spyOn(api.article, 'selectArticleList').mockResolvedValue(pageOf([], 0));
  jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue(CLASSES);
  jest.spyOn(toast, 'success').mockImplementation(() => {});
  jest.spyOn(toast, 'error').mockImplementation(() => {});
});

afterEach(() => {
  jest.restoreAllMocks();
  clearSession();
});

async function renderCommentary(url = '/article-particulars?permalinks=QYJ0101') {
  const utils = renderAt(url, <AppRoutes />);
  await screen.findByRole('heading', { level: 1, name: /晚期非小细胞肺癌/ });
  return utils;
}

describe('commentary detail: head', () => {
  it('shows title, subtitle, authors, class tags, date, share bar, original link and the article link', async () => {
    detailSpy.mockResolvedValue(openDetail({ haswantsay: 1, wantsayTitle: '述评：免疫治疗的新起点', wantsay: '<p>述评全文。</p>', outlink: 'https://example.org/original' }));
    await renderCommentary();
    expect(detailSpy).toHaveBeenCalledWith({ permalinks: 'QYJ0101' }, { silent: true });
    expect(screen.getByText('First-Line Immunotherapy for Advanced Non-Small-Cell Lung Cancer')).toBeInTheDocument();
    expect(screen.getByText(/Michael J\. Okafor, M\.D\., 陈俊杰, 王晓明$/)).toBeInTheDocument();
    expect(screen.getByText('2026-07-16')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '肿瘤' })).toHaveAttribute('href', '/professional-article-list?code=20');
    expect(screen.getByText('其他')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '述评：免疫治疗的新起点' })).toBeInTheDocument();
    expect(screen.getByText('述评全文。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '收藏' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '分享' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /原文/ })).toHaveAttribute('href', 'https://example.org/original');
    expect(screen.getByRole('link', { name: '阅读文章全文' })).toHaveAttribute('href', '/article-info?permalinks=QYJ0101');
    expect(screen.getByRole('link', { name: '述评' })).toHaveAttribute('href', '/commentary');
    expect(document.title).toBe('晚期非小细胞肺癌的一线免疫治疗 - 千言医学');
  });

  it('a commentary item (source 1) is its own text', () => {
    expect(commentaryIsContent({ sourceid: 1, haswantsay: 0 })).toBe(true);
    expect(commentaryIsContent({ sourceid: 5, haswantsay: 0 })).toBe(true);
    expect(commentaryIsContent({ sourceid: 5, haswantsay: 1 })).toBe(false);
  });

  it('shows a commentary item’s own content', async () => {
    detailSpy.mockResolvedValue(openDetail({ sourceid: 1, sourceName: '述评', content: '<p>述评条目的正文。</p>' }));
    await renderCommentary();
    expect(screen.getByText('述评条目的正文。')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '阅读文章全文' })).not.toBeInTheDocument();
  });

  it('shows 文章不存在或已下线 for an unknown commentary', async () => {
    detailSpy.mockRejectedValue(new ApiError(10004, '内容不存在'));
    renderAt('/article-particulars?permalinks=NOPE', <AppRoutes />);
    expect(await screen.findByRole('heading', { level: 1, name: '文章不存在或已下线' })).toBeInTheDocument();
  });
});

describe('commentary detail: access as the server decides (§4)', () => {
  it('shows a visitor only the free part and 登录即可阅读 with a login button', async () => {
    detailSpy.mockResolvedValue(lockedCommentary());
    await renderCommentary();
    expect(screen.getByText('述评的免费部分。')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: MSG.loginToRead })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: label('登录') }));
    expect(qyStore.get(dialogAtom)?.name).toBe('login');
  });

  it('a commentary item that is locked shows its intro and the prompt, no body', async () => {
    detailSpy.mockResolvedValue(articleDetail({ sourceid: 1, sourceName: '述评', intro: '述评条目的导语。' }));
    await renderCommentary();
    expect(screen.getByText('述评条目的导语。')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: MSG.loginToRead })).toBeInTheDocument();
  });

  it('a non-member uses the free read: the full commentary unlocks in place with 使用成功', async () => {
    setSession('tok-42', MEMBER);
    detailSpy
      .mockResolvedValueOnce(lockedCommentary())
      .mockResolvedValue(openDetail({ haswantsay: 1, wantsay: '<p>述评的免费部分。</p><p>述评的其余部分。</p>' }));
    const useSpy = jest.spyOn(api.program, 'articleUseMonthChance').mockResolvedValue({
      result: '1',
      msg: '使用成功',
      article_content: '<p>正文。</p>',
      wantsay: '<p>述评的免费部分。</p><p>述评的其余部分。</p>',
    });
    await renderCommentary();
    await userEvent.click(screen.getByRole('button', { name: '使用本月免费阅读' }));
    expect(useSpy).toHaveBeenCalledWith(101, { silent: true });
    expect(await screen.findByText('述评的其余部分。')).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith(MSG.useSuccess);
    expect(screen.queryByRole('button', { name: '使用本月免费阅读' })).not.toBeInTheDocument();
  });

  it('used up: the warning and the way to membership', async () => {
    setSession('tok-42', MEMBER);
    detailSpy.mockResolvedValue(lockedCommentary({ is_month_chance: 1 }));
    await renderCommentary();
    expect(screen.getByText(MSG.freeReadsUsedUp)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '开通会员' })).toHaveAttribute('href', '/personal?type=flag4');
  });

  it('a member reads the whole commentary without a prompt', async () => {
    setSession('tok-42', { ...MEMBER, subscribe_info: { service_type: 2, service_end_date: '2099-01-01' } });
    detailSpy.mockResolvedValue(openDetail({ haswantsay: 1, wantsay: '<p>述评的免费部分。</p><hr><p>述评的其余部分。</p>' }));
    await renderCommentary();
    expect(screen.getByText('述评的其余部分。')).toBeInTheDocument();
    expect(screen.queryByText(MSG.loginToRead)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '使用本月免费阅读' })).not.toBeInTheDocument();
  });
});

describe('commentary detail: related articles', () => {
  const related = (n: number) => Array.from({ length: n }, (_, i) => article({ id: 500 + i, title: `相关文章 ${i + 1}` }));

  it('asks for the relation ids, page 1, size 10, and shows them all when there are at most 10', async () => {
    detailSpy.mockResolvedValue(openDetail({ haswantsay: 1, wantsay: '<p>述评。</p>', relationArticleIds: '500,501,502,503,504,505,506' }));
    listSpy.mockResolvedValue(pageOf(related(7), 7));
    await renderCommentary();
    const aside = within(await screen.findByRole('complementary', { name: '相关文章' }));
    expect(listSpy).toHaveBeenCalledWith(
      { pageNo: 1, pageSize: 10, articleIds: [500, 501, 502, 503, 504, 505, 506] },
      { silent: true },
    );
    expect(await aside.findByRole('link', { name: '相关文章 1' })).toHaveAttribute('href', '/article-info?permalinks=QYJ0500');
    expect(aside.getAllByRole('listitem')).toHaveLength(7);
    expect(aside.queryByRole('link', { name: /查看全部/ })).not.toBeInTheDocument();
  });

  it('shows 5 and a link to /professional-more when the total exceeds 10', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => 500 + i).join(',');
    detailSpy.mockResolvedValue(openDetail({ haswantsay: 1, wantsay: '<p>述评。</p>', relationArticleIds: ids }));
    listSpy.mockResolvedValue(pageOf(related(10), 12));
    await renderCommentary();
    const aside = within(await screen.findByRole('complementary', { name: '相关文章' }));
    expect(await aside.findByRole('link', { name: '查看全部 12 篇相关文章' })).toHaveAttribute('href', `/professional-more?articleIds=${ids}`);
    expect(aside.getAllByRole('listitem')).toHaveLength(5);
  });

  it('asks nothing and shows no column without relation ids', async () => {
    detailSpy.mockResolvedValue(openDetail({ haswantsay: 1, wantsay: '<p>述评。</p>', relationArticleIds: '' }));
    await renderCommentary();
    expect(listSpy).not.toHaveBeenCalled();
    expect(screen.queryByRole('complementary', { name: '相关文章' })).not.toBeInTheDocument();
  });
});

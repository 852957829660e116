import {
  api,
  ApiError,
  clearSession,
  dialogAtom,
  getSession,
  MSG,
  notifyLoggedIn,
  qyStore,
  setSession,
  toast,
  type ArticleDetail,
} from '@qianyan/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../App';
import { article, CLASSES, renderAt, setViewportWidth } from '../test/fixtures';
import { articleDetail, MEMBER, openDetail } from './testData';

jest.setTimeout(30_000);

/** antd puts a space between the two characters of a Chinese button label ("登 录"). */
const label = (text: string) => new RegExp(`^${text.split('').join('\\s?')}$`);

let detailSpy: jest.SpyInstance;
const detailReturns = (...details: ArticleDetail[]) => {
  details.forEach((d) => detailSpy.mockResolvedValueOnce(d));
  detailSpy.mockResolvedValue(details[details.length - 1]);
};

beforeEach(() => {
  setViewportWidth(1440);
  clearSession();
  qyStore.set(dialogAtom, null);
  detailSpy = jest.spyOn(api.article, 'getArticleDetail');
  jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue(CLASSES);
  jest.spyOn(api.article, 'getRelationVideo').mockResolvedValue([]);
  jest.spyOn(toast, 'success').mockImplementation(() => {});
  jest.spyOn(toast, 'error').mockImplementation(() => {});
  jest.spyOn(toast, 'warning').mockImplementation(() => {});
});

afterEach(() => {
  jest.restoreAllMocks();
  clearSession();
});

const logIn = () => setSession('tok-42', MEMBER);
const openedDialog = () => qyStore.get(dialogAtom)?.name;

async function renderArticle(url = '/article-info?permalinks=QYJ0101') {
  const utils = renderAt(url, <AppRoutes />);
  await screen.findByRole('heading', { level: 1, name: /晚期非小细胞肺癌/ });
  return utils;
}

describe('article page: head and readable content', () => {
  it('shows title, English title, the full author list, date, tags, keywords and the body', async () => {
    detailReturns(
      openDetail({
        content: '<p>正文第一段。</p><script>window.hacked = 1</script><img src="f.png" alt="图1" onerror="x()">',
        hascoi: 1,
        coi: '<p>作者声明无利益冲突。</p>',
        thank: '<p>感谢审稿人。</p>',
        outlink: 'https://example.org/original',
      }),
    );
    await renderArticle();
    expect(detailSpy).toHaveBeenCalledWith({ permalinks: 'QYJ0101' }, { silent: true });
    expect(screen.getByText('First-Line Immunotherapy for Advanced Non-Small-Cell Lung Cancer')).toBeInTheDocument();
    expect(screen.getByText(/Michael J\. Okafor, M\.D\., 陈俊杰, 王晓明$/)).toBeInTheDocument();
    expect(screen.getByText('2026-07-16')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: '肿瘤' })).toHaveAttribute('href', '/professional-article-list?code=20');
    expect(screen.getByText('免疫治疗；肺癌')).toBeInTheDocument();
    expect(screen.getByText('正文第一段。')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: '图1' })).not.toHaveAttribute('onerror');
    expect(document.querySelector('.qy-ai-main script')).toBeNull();
    expect(screen.getByRole('heading', { name: '参考文献' })).toBeInTheDocument();
    expect(screen.getByText('Reck M. N Engl J Med 2016.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '致谢' })).toBeInTheDocument();
    expect(screen.getByText('作者声明无利益冲突。')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /原文/ })).toHaveAttribute('href', 'https://example.org/original');
    expect(screen.getByRole('link', { name: '期刊' })).toHaveAttribute('href', '/nejm-list');
    expect(screen.queryByText(MSG.loginToRead)).not.toBeInTheDocument();
    expect(document.title).toBe('晚期非小细胞肺癌的一线免疫治疗 - 千言医学');
  });

  it('lists related items through the relay page', async () => {
    detailReturns(openDetail());
    jest
      .spyOn(api.article, 'getRelationVideo')
      .mockResolvedValue([article({ id: 7, title: '动画：免疫治疗如何起效', sourceid: 7, permalinks: 'QYA0007' })]);
    await renderArticle();
    const related = await screen.findByRole('complementary', { name: '相关阅读' });
    expect(await within(related).findByRole('link', { name: '动画：免疫治疗如何起效' })).toHaveAttribute(
      'href',
      '/article-transfer?sourceid=7&permalinks=QYA0007',
    );
  });
});

describe('article page: access states (§4)', () => {
  it('shows a visitor the intro and 登录即可阅读 with a login button', async () => {
    detailReturns(articleDetail());
    await renderArticle();
    expect(screen.getByText('本文综述了一线免疫治疗的主要证据。')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: MSG.loginToRead })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: label('使用本月免费阅读') })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: label('登录') }));
    expect(openedDialog()).toBe('login');
  });

  it('offers a logged-in non-subscriber the month’s free read and a membership link', async () => {
    logIn();
    detailReturns(articleDetail());
    await renderArticle();
    expect(screen.getByRole('button', { name: '使用本月免费阅读' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '开通会员' })).toHaveAttribute('href', '/personal?type=flag4');
    expect(screen.queryByText(MSG.loginToRead)).not.toBeInTheDocument();
  });

  it('accepting the free read unlocks the content in place, says 使用成功 and re-fetches', async () => {
    logIn();
    detailReturns(
      articleDetail({ haswantsay: 1, wantsay: '<p>述评免费部分。</p>', wantsayTruncated: true }),
      openDetail({ content: '<p>全文：随机对照试验结果。</p>', haswantsay: 1, wantsay: '<p>述评免费部分。</p><p>述评全文。</p>' }),
    );
    const useSpy = jest.spyOn(api.program, 'articleUseMonthChance').mockResolvedValue({
      result: '1',
      msg: '',
      article_content: '<p>全文：随机对照试验结果。</p>',
      wantsay: '<p>述评免费部分。</p><p>述评全文。</p>',
    });
    await renderArticle();
    await userEvent.click(screen.getByRole('button', { name: '使用本月免费阅读' }));
    expect(useSpy).toHaveBeenCalledWith(101, { silent: true });
    expect(await screen.findByText('全文：随机对照试验结果。')).toBeInTheDocument();
    expect(screen.getByText('述评全文。')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '查看全部述评' })).not.toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith(MSG.useSuccess);
    await waitFor(() => expect(detailSpy).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('button', { name: '使用本月免费阅读' })).not.toBeInTheDocument();
  });

  it('shows a non-member 本月剩余免费阅读 1 篇 and when it renews, then 0 as soon as the free read is used', async () => {
    const reader = { ...MEMBER, free_read: { remaining: 1 as const, renews_on: '2026-08-01' } };
    setSession('tok-42', reader);
    let answerRefetch: (d: ArticleDetail) => void = () => undefined;
    detailSpy
      .mockResolvedValueOnce(articleDetail())
      .mockImplementationOnce(() => new Promise<ArticleDetail>((resolve) => (answerRefetch = resolve)));
    jest.spyOn(api.program, 'articleUseMonthChance').mockResolvedValue({ result: '1', msg: '', article_content: '<p>全文。</p>' });
    const memberInfo = jest
      .spyOn(api.user, 'getMemberInfo')
      .mockResolvedValue({ ...reader, free_read: { remaining: 0, renews_on: '2026-08-01' } });
    await renderArticle();
    const note = screen.getByText('本月剩余免费阅读 1 篇').closest('p')!;
    expect(note).toHaveAttribute('role', 'status');
    expect(within(note).getByText('8月1日更新')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: '使用本月免费阅读' }));
    // 0 before the re-fetched detail answers, and the session user (the user menu's figure) refreshed.
    expect(await screen.findByText('本月剩余免费阅读 0 篇')).toBeInTheDocument();
    expect(memberInfo).toHaveBeenCalledWith({ silent: true });
    await waitFor(() => expect(getSession()?.user.free_read?.remaining).toBe(0));
    // The re-fetched detail: readable through the claim, is_month_chance 1 (used up).
    await act(async () => answerRefetch(openDetail({ is_subscribe: 1, is_month_chance: 1, content: '<p>全文。</p>' })));
    expect(screen.getByText('本月剩余免费阅读 0 篇')).toBeInTheDocument();
    expect(screen.getByText('全文。')).toBeInTheDocument();
  });

  it('shows no free-read count to a member, to a visitor, or on an article that is not member content', async () => {
    detailReturns(articleDetail());
    const { unmount } = await renderArticle();
    expect(screen.queryByText(/本月剩余免费阅读/)).not.toBeInTheDocument();
    unmount();

    logIn();
    detailReturns(openDetail());
    const member = await renderArticle();
    expect(screen.getByText('正文第一段：研究设计与方法。')).toBeInTheDocument();
    expect(screen.queryByText(/本月剩余免费阅读/)).not.toBeInTheDocument();
    member.unmount();

    detailReturns(openDetail({ is_subscribe: 1, accessLevel: 'login' }));
    await renderArticle();
    expect(screen.queryByText(/本月剩余免费阅读/)).not.toBeInTheDocument();
  });

  it('a failing claim shows the server message, or 您本月免费次数已经使用了! without one', async () => {
    logIn();
    detailReturns(articleDetail());
    const useSpy = jest
      .spyOn(api.program, 'articleUseMonthChance')
      .mockRejectedValueOnce(new ApiError(0, '活动已结束', { result: 0, msg: '活动已结束' }))
      .mockRejectedValueOnce(new ApiError(0, MSG.busy, { result: 0, msg: '' }));
    await renderArticle();
    const button = screen.getByRole('button', { name: '使用本月免费阅读' });
    await userEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveTextContent('活动已结束');
    expect(toast.error).toHaveBeenCalledWith('活动已结束');
    await userEvent.click(button);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(MSG.freeReadFailed));
    expect(useSpy).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('正文第一段：研究设计与方法。')).not.toBeInTheDocument();
  });

  it('says the free reads are used up and leads to the subscription page', async () => {
    logIn();
    detailReturns(articleDetail({ is_month_chance: 1 }));
    await renderArticle();
    expect(screen.getByText('您本月的免费浏览次数已用完，请付费观看！')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '开通会员' })).toHaveAttribute('href', '/personal?type=flag4');
    expect(screen.queryByRole('button', { name: '使用本月免费阅读' })).not.toBeInTheDocument();
  });

  it('re-fetches after a login and returns to the locked view after logout', async () => {
    detailReturns(articleDetail(), openDetail(), articleDetail());
    await renderArticle();
    expect(screen.getByText(MSG.loginToRead)).toBeInTheDocument();
    act(() => {
      logIn();
      notifyLoggedIn();
    });
    expect(await screen.findByText('正文第一段：研究设计与方法。')).toBeInTheDocument();
    act(() => clearSession());
    // Locked at once, before the re-fetch answers, and fetched again as a visitor.
    expect(screen.queryByText('正文第一段：研究设计与方法。')).not.toBeInTheDocument();
    expect(screen.getByText(MSG.loginToRead)).toBeInTheDocument();
    await waitFor(() => expect(detailSpy).toHaveBeenCalledTimes(3));
  });
});

describe('article page: commentary panel', () => {
  const withCommentary = (over: Partial<ArticleDetail> = {}) =>
    articleDetail({
      haswantsay: 1,
      wantsayTitle: '述评：免疫治疗的新起点',
      wantsay: '<p>述评的免费部分。</p>',
      wantsayTruncated: true,
      ...over,
    });

  it('shows the free part and 查看全部述评 opens the login prompt for a visitor', async () => {
    detailReturns(withCommentary());
    await renderArticle();
    const toggle = screen.getByRole('button', { name: /述评：免疫治疗的新起点/ });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText('述评的免费部分。')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: '查看全部述评' }));
    expect(openedDialog()).toBe('login');
  });

  it('the header folds and unfolds the commentary', async () => {
    detailReturns(withCommentary({ wantsayTruncated: false, contentLocked: false, accessLevel: 'public' }));
    await renderArticle();
    const toggle = screen.getByRole('button', { name: /述评：免疫治疗的新起点/ });
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('述评的免费部分。')).not.toBeVisible();
    await userEvent.click(toggle);
    expect(screen.getByText('述评的免费部分。')).toBeVisible();
  });
});

describe('article page: collect toggle (§4)', () => {
  it('collects and cancels for a logged-in reader', async () => {
    logIn();
    detailReturns(openDetail({ ifCollect: 0 }));
    const collect = jest.spyOn(api.user, 'collectArticle').mockResolvedValue(true);
    const cancel = jest.spyOn(api.user, 'cancelCollect').mockResolvedValue(true);
    await renderArticle();
    await userEvent.click(screen.getByRole('button', { name: '收藏' }));
    expect(collect).toHaveBeenCalledWith({ id: 101 });
    expect(await screen.findByRole('button', { name: '已收藏' })).toHaveAttribute('aria-pressed', 'true');
    expect(toast.success).toHaveBeenLastCalledWith(MSG.operationSuccess);
    await userEvent.click(screen.getByRole('button', { name: '已收藏' }));
    expect(cancel).toHaveBeenCalledWith({ id: 101 });
    expect(await screen.findByRole('button', { name: '收藏' })).toHaveAttribute('aria-pressed', 'false');
    expect(toast.success).toHaveBeenLastCalledWith(MSG.cancelled);
  });

  it('starts from the collected mark the server sends', async () => {
    logIn();
    detailReturns(openDetail({ ifCollect: 1 }));
    await renderArticle();
    expect(screen.getByRole('button', { name: '已收藏' })).toBeInTheDocument();
  });

  it('asks a visitor to log in instead of collecting', async () => {
    detailReturns(openDetail({ accessLevel: 'public' }));
    const collect = jest.spyOn(api.user, 'collectArticle');
    await renderArticle();
    await userEvent.click(screen.getByRole('button', { name: '收藏' }));
    expect(openedDialog()).toBe('login');
    expect(collect).not.toHaveBeenCalled();
  });
});

describe('article page: share', () => {
  it('offers the messaging-app QR dialog, a 微博 window and the page link on desktop', async () => {
    detailReturns(openDetail({ accessLevel: 'public' }));
    const open = jest.spyOn(window, 'open').mockImplementation(() => null);
    await renderArticle();
    await userEvent.click(screen.getByRole('button', { name: '分享' }));
    expect(await screen.findByLabelText('文章链接')).toHaveValue(window.location.href);
    await userEvent.click(screen.getByRole('button', { name: '分享到微博' }));
    const [weiboUrl, target] = open.mock.calls[0];
    expect(String(weiboUrl)).toBe(
      `https://service.weibo.com/share/share.php?url=${encodeURIComponent(window.location.href)}&title=${encodeURIComponent(openDetail().title)}`,
    );
    expect(target).toBe('qy-weibo-share');
    await userEvent.click(screen.getByRole('button', { name: '分享' }));
    await userEvent.click(await screen.findByRole('button', { name: '微信扫码分享' }));
    expect(qyStore.get(dialogAtom)).toEqual({
      name: 'shareQr',
      props: { url: window.location.href, title: openDetail().title },
    });
  });

  it('says whether the share popover is open; Escape and a click elsewhere close it, focus back on 分享', async () => {
    detailReturns(openDetail({ accessLevel: 'public' }));
    await renderArticle();
    const share = screen.getByRole('button', { name: '分享' });
    expect(share).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(share);
    expect(share).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    expect(screen.getByRole('button', { name: '微信扫码分享' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByLabelText('文章链接')).not.toBeInTheDocument();
    expect(share).toHaveAttribute('aria-expanded', 'false');
    expect(share).toHaveFocus();
    await userEvent.click(share);
    expect(screen.getByLabelText('文章链接')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('heading', { level: 1 }));
    expect(screen.queryByLabelText('文章链接')).not.toBeInTheDocument();
    expect(share).toHaveAttribute('aria-expanded', 'false');
  });

  it('uses the native share sheet on mobile when there is one', async () => {
    setViewportWidth(390);
    const share = jest.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'share', { configurable: true, value: share });
    try {
      detailReturns(openDetail({ accessLevel: 'public' }));
      await renderArticle();
      await userEvent.click(screen.getByRole('button', { name: '分享' }));
      expect(share).toHaveBeenCalledWith({ title: openDetail().title, url: window.location.href });
      expect(openedDialog()).toBeUndefined();
    } finally {
      delete (navigator as { share?: unknown }).share;
    }
  });

  it('opens the share hint on mobile when there is no native share sheet', async () => {
    setViewportWidth(390);
    detailReturns(openDetail({ accessLevel: 'public' }));
    await renderArticle();
    await userEvent.click(screen.getByRole('button', { name: '分享' }));
    expect(openedDialog()).toBe('shareHint');
  });
});

describe('article page: which call, and failures', () => {
  it('loads by id with getArticleDetailById', async () => {
    const byId = jest.spyOn(api.article, 'getArticleDetailById').mockResolvedValue(openDetail({ id: 7 }));
    await renderArticle('/article-info?id=7&share=1&showType=clinical');
    expect(byId).toHaveBeenCalledWith({ id: 7 }, { silent: true });
    expect(detailSpy).not.toHaveBeenCalled();
  });

  it('loads the preview variant when prev is the preview token', async () => {
    const preview = jest.spyOn(api.article, 'getArticleDetail2').mockResolvedValue(openDetail());
    await renderArticle('/article-info?permalinks=QYJ0101&prev=qy-preview');
    expect(preview).toHaveBeenCalledWith({ permalinks: 'QYJ0101', prev: 'qy-preview' }, { silent: true });
    expect(detailSpy).not.toHaveBeenCalled();
  });

  it("sends an editor's preview token from the link to getArticleDetail2 and shows the draft as the server gates it", async () => {
    const token = 'k3Jx_0aZ-preview-token';
    const preview = jest.spyOn(api.article, 'getArticleDetail2').mockResolvedValue(articleDetail({ title: '晚期非小细胞肺癌的一线免疫治疗（草稿）' }));
    renderAt(`/article-info?permalinks=QYJ0101&prev=${token}`, <AppRoutes />);
    expect(await screen.findByRole('heading', { level: 1, name: /（草稿）/ })).toBeInTheDocument();
    expect(preview).toHaveBeenCalledWith({ permalinks: 'QYJ0101', prev: token }, { silent: true });
    expect(detailSpy).not.toHaveBeenCalled();
    // Locked for this audience: the page shows what the server sent, the intro and the access panel.
    expect(screen.getByRole('button', { name: label('登录') })).toBeInTheDocument();
  });

  it("shows the server's reason when a preview link is refused, not the missing-article panel", async () => {
    jest.spyOn(api.article, 'getArticleDetail2').mockRejectedValue(new ApiError(10004, '预览链接已过期，请向编辑索取新的链接'));
    renderAt('/article-info?permalinks=QYJ0101&prev=expired-token', <AppRoutes />);
    expect(await screen.findByText('预览链接已过期，请向编辑索取新的链接')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: '文章不存在或已下线' })).not.toBeInTheDocument();
  });

  it('shows 文章不存在或已下线 for an unknown article', async () => {
    detailSpy.mockRejectedValue(new ApiError(10004, '内容不存在'));
    renderAt('/article-info?permalinks=NOPE', <AppRoutes />);
    expect(await screen.findByRole('heading', { level: 1, name: '文章不存在或已下线' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回首页' })).toHaveAttribute('href', '/index');
  });

  it('shows the not-found panel without calling the server when the link names no article', async () => {
    renderAt('/article-info', <AppRoutes />);
    expect(await screen.findByRole('heading', { level: 1, name: '文章不存在或已下线' })).toBeInTheDocument();
    expect(detailSpy).not.toHaveBeenCalled();
  });

  it('shows other failures with a retry that loads again', async () => {
    detailSpy.mockRejectedValueOnce(new ApiError(-1, MSG.networkError)).mockResolvedValue(openDetail());
    renderAt('/article-info?permalinks=QYJ0101', <AppRoutes />);
    expect(await screen.findByText(MSG.networkError)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: label('重试') }));
    expect(await screen.findByRole('heading', { level: 1, name: /晚期非小细胞肺癌/ })).toBeInTheDocument();
  });
});

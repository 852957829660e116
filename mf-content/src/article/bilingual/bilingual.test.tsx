import { api, clearSession, qyStore, dialogAtom, type ArticleDetail } from '@qianyan/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../../App';
import { CLASSES, renderAt, setViewportWidth } from '../../test/fixtures';
import { articleDetail, openDetail } from '../testData';
import { pairBlocks, topBlocks } from './alignBlocks';
import { READING_MODE_KEY } from './readingMode';

jest.setTimeout(30_000);

const ZH_BODY = '<h2>背景</h2><p>中文第一段。</p><!-- note --><p>中文第二段。</p><table><caption>表1. 基线</caption><tr><td>年龄</td></tr></table>';
const EN_BODY = '<h2>Background</h2><p>English first paragraph.</p><p>English second paragraph.</p><table><caption>Table 1. Baseline</caption><tr><td>Age</td></tr></table>';

describe('alignment: top-level blocks pair by position', () => {
  it('splits editorial HTML into its top-level blocks, leaving comments out and wrapping loose text', () => {
    expect(topBlocks(ZH_BODY)).toHaveLength(4);
    expect(topBlocks('前言 <b>重点</b><p>段落</p>')).toEqual(['<p>前言 <b>重点</b></p>', '<p>段落</p>']);
    expect(topBlocks('  ')).toEqual([]);
  });

  it('pairs the n-th Chinese block with the n-th English one, and keeps extra blocks on their side', () => {
    const pairs = pairBlocks(ZH_BODY, EN_BODY);
    expect(pairs).toHaveLength(4);
    expect(pairs[1]).toEqual({ zh: '<p>中文第一段。</p>', en: '<p>English first paragraph.</p>' });
    expect(pairs[3]!.en).toContain('Table 1. Baseline');
    const uneven = pairBlocks('<p>一</p><p>二</p><p>三</p>', '<p>One</p>');
    expect(uneven).toEqual([
      { zh: '<p>一</p>', en: '<p>One</p>' },
      { zh: '<p>二</p>', en: '' },
      { zh: '<p>三</p>', en: '' },
    ]);
  });
});

describe('article page: 中文 / English / 对照', () => {
  let detailSpy: jest.SpyInstance;
  beforeEach(() => {
    setViewportWidth(1440);
    clearSession();
    localStorage.clear();
    qyStore.set(dialogAtom, null);
    detailSpy = jest.spyOn(api.article, 'getArticleDetail');
    jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue(CLASSES);
    jest.spyOn(api.article, 'getRelationVideo').mockResolvedValue([]);
  });
  afterEach(() => jest.restoreAllMocks());

  const bilingual = (over: Partial<ArticleDetail> = {}) =>
    openDetail({ hasEnglish: 1, content: ZH_BODY, enBody: EN_BODY, intro: '中文摘要。', enAbstract: 'English abstract.', ...over });

  async function open(detail: ArticleDetail) {
    detailSpy.mockResolvedValue(detail);
    renderAt('/article-info?permalinks=QYJ0101', <AppRoutes />);
    await screen.findByRole('heading', { level: 1, name: /晚期非小细胞肺癌/ });
  }

  it('offers no switch for an article without an English original', async () => {
    await open(openDetail());
    expect(screen.queryByRole('group', { name: '阅读语言' })).toBeNull();
  });

  it('switches between the Chinese, the English and both side by side, and remembers the choice', async () => {
    await open(bilingual());
    const group = screen.getByRole('group', { name: '阅读语言' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')!.textContent)).toEqual(['中文', 'English', '对照']);
    expect(within(group).getByRole('radio', { name: '中文' })).toBeChecked();
    expect(screen.getByText('中文第一段。')).toBeInTheDocument();
    expect(screen.queryByText('English first paragraph.')).toBeNull();

    await userEvent.click(within(group).getByRole('radio', { name: 'English' }));
    const english = await screen.findByText('English first paragraph.');
    expect(english.closest('[lang="en"]')).not.toBeNull();
    expect(screen.queryByText('中文第一段。')).toBeNull();
    expect(screen.getByText('English abstract.').closest('[lang="en"]')).not.toBeNull();
    expect(localStorage.getItem(READING_MODE_KEY)).toBe('en');

    await userEvent.click(within(group).getByRole('radio', { name: '对照' }));
    // The abstract and the body, each as aligned rows.
    expect(await screen.findAllByTestId('bilingual-pairs')).toHaveLength(2);
    const rows = document.querySelectorAll('.qy-ai-body .qy-bi-row');
    expect(rows).toHaveLength(4);
    // Row 1: the first paragraph in both languages, each with its language.
    expect(rows[1]!.querySelector('[lang="zh-CN"]')!.textContent).toBe('中文第一段。');
    expect(rows[1]!.querySelector('[lang="en"]')!.textContent).toBe('English first paragraph.');
    expect(rows[2]!.querySelector('[lang="en"]')!.textContent).toBe('English second paragraph.');
    expect(document.querySelector('.qy-ai-layout')).toHaveClass('qy-bi-wide');
    expect(localStorage.getItem(READING_MODE_KEY)).toBe('both');
  });

  it('opens the next article in the remembered mode, and moves with the arrow keys', async () => {
    localStorage.setItem(READING_MODE_KEY, 'en');
    await open(bilingual());
    expect(await screen.findByText('English first paragraph.')).toBeInTheDocument();
    const english = screen.getByRole('radio', { name: 'English' });
    expect(english).toBeChecked();
    english.focus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('radio', { name: '对照' })).toBeChecked();
    expect(localStorage.getItem(READING_MODE_KEY)).toBe('both');
  });

  it('shows a non-member the free part in both languages, and the access panel instead of either body', async () => {
    localStorage.setItem(READING_MODE_KEY, 'both');
    await open(
      articleDetail({
        hasEnglish: 1,
        haswantsay: 1,
        wantsay: '<p>述评免费部分。</p>',
        wantsayTruncated: true,
        enWantsay: '<p>The free part of the commentary.</p>',
        enWantsayTruncated: true,
        enAbstract: 'English abstract.',
      }),
    );
    expect(await screen.findByText('The free part of the commentary.')).toBeInTheDocument();
    expect(screen.getByText('述评免费部分。')).toBeInTheDocument();
    expect(screen.getByText('English abstract.')).toBeInTheDocument();
    expect(document.querySelector('.qy-ai-body')).toBeNull();
    expect(screen.getByRole('button', { name: '查看全部述评' })).toBeInTheDocument();
  });
});

import { api, ApiError, clearSession, toast } from '@qianyan/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppRoutes } from '../App';
import { CLASSES, renderAt, setViewportWidth } from '../test/fixtures';
import { citationApi, type CitationLang, type CitationStyle, type CitationText } from './citationApi';
import { openDetail } from './testData';

jest.setTimeout(30_000);

const STYLE_NAMES: Record<CitationStyle, string> = { gbt7714: 'GB/T 7714-2015', ama: 'AMA', apa: 'APA' };
const TEXTS: Record<CitationLang, Record<CitationStyle, string>> = {
  zh: {
    gbt7714: 'OSEI D T, DUBOIS L S, OKAFOR M J, 等. 晚期非小细胞肺癌的一线免疫治疗[J/OL]. 千言医学, 2025[2025-06-01]. https://qianyan.example/article-info?permalinks=QYJ0101.',
    ama: 'Osei DT, Dubois LS, Okafor MJ, 陈俊杰, 王晓明. 晚期非小细胞肺癌的一线免疫治疗. 千言医学. May 2025.',
    apa: 'Osei, D. T., Dubois, L. S., Okafor, M. J., 陈俊杰, & 王晓明. (2025). 晚期非小细胞肺癌的一线免疫治疗. 千言医学.',
  },
  en: {
    gbt7714: 'OSEI D T, DUBOIS L S, OKAFOR M J, et al. First-Line Immunotherapy for Advanced Non-Small-Cell Lung Cancer[J]. New England Journal of Medicine, 2025.',
    ama: 'Osei DT, Dubois LS, Okafor MJ, Chen J, Wang X. First-Line Immunotherapy for Advanced Non-Small-Cell Lung Cancer. N Engl J Med. May 2025.',
    apa: 'Osei, D. T., Dubois, L. S., Okafor, M. J., Chen, J., & Wang, X. (2025). First-Line Immunotherapy for Advanced Non-Small-Cell Lung Cancer. New England Journal of Medicine.',
  },
};

let citationSpy: jest.SpyInstance;

beforeEach(() => {
  setViewportWidth(1440);
  clearSession();
  jest.spyOn(api.article, 'getArticleDetail').mockResolvedValue(openDetail());
  jest.spyOn(api.article, 'selectArticleClass').mockResolvedValue(CLASSES);
  jest.spyOn(api.article, 'getRelationVideo').mockResolvedValue([]);
  jest.spyOn(toast, 'success').mockImplementation(() => {});
  jest.spyOn(toast, 'error').mockImplementation(() => {});
  citationSpy = jest.spyOn(citationApi, 'text').mockImplementation(async ({ id, lang, format }): Promise<CitationText> => ({
    id,
    lang,
    format,
    style: STYLE_NAMES[format],
    text: TEXTS[lang][format],
    english: true,
  }));
});

afterEach(() => {
  jest.restoreAllMocks();
});

async function openCitation() {
  const user = userEvent.setup();
  renderAt('/article-info?permalinks=QYJ0101', <AppRoutes />);
  await screen.findByRole('heading', { level: 1, name: /晚期非小细胞肺癌/ });
  // Nothing is asked of the server before the reader asks for a citation.
  expect(citationSpy).not.toHaveBeenCalled();
  await user.click(screen.getByRole('button', { name: '引用本文' }));
  const dialog = await screen.findByRole('dialog', { name: '引用本文' });
  return { user, dialog };
}

describe('引用本文', () => {
  it('shows the Chinese translation in GB/T 7714, AMA and APA, each copied by its button', async () => {
    const { user, dialog } = await openCitation();
    for (const format of ['gbt7714', 'ama', 'apa'] as const) {
      expect(await within(dialog).findByText(TEXTS.zh[format])).toBeInTheDocument();
      expect(citationSpy).toHaveBeenCalledWith({ id: 101, lang: 'zh', format });
    }
    await user.click(within(dialog).getByRole('button', { name: '复制 GB/T 7714-2015 格式' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(TEXTS.zh.gbt7714));
    expect(toast.success).toHaveBeenCalledWith('引用已复制');
  });

  it('switches to the English original and offers its RIS and BibTeX files', async () => {
    const { user, dialog } = await openCitation();
    const ris = within(dialog).getByRole('link', { name: '下载 RIS' });
    expect(ris).toHaveAttribute('href', '/api/article/citation?id=101&lang=zh&format=ris');
    await user.click(await within(dialog).findByRole('button', { name: '英文原文' }));
    expect(await within(dialog).findByText(TEXTS.en.ama)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '英文原文' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(dialog).getByRole('link', { name: '下载 RIS' })).toHaveAttribute('href', '/api/article/citation?id=101&lang=en&format=ris');
    expect(within(dialog).getByRole('link', { name: '下载 BibTeX' })).toHaveAttribute('href', '/api/article/citation?id=101&lang=en&format=bibtex');
    await user.click(within(dialog).getByRole('button', { name: '复制 APA 格式' }));
    await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(TEXTS.en.apa));
  });

  it('offers no English switch without an English original', async () => {
    citationSpy.mockImplementation(async ({ id, lang, format }: { id: number; lang: CitationLang; format: CitationStyle }) => ({ id, lang, format, style: STYLE_NAMES[format], text: TEXTS.zh[format], english: false }));
    const { dialog } = await openCitation();
    await within(dialog).findByText(TEXTS.zh.apa);
    expect(within(dialog).queryByRole('button', { name: '英文原文' })).not.toBeInTheDocument();
  });

  it('shows the server message when the citation cannot be made, and closes with Escape back to the button', async () => {
    citationSpy.mockRejectedValue(new ApiError(10004, '内容不存在'));
    const { user, dialog } = await openCitation();
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('内容不存在');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '引用本文' })).toHaveFocus();
  });

  it('is a modal the keyboard stays in and the close button ends', async () => {
    const { user, dialog } = await openCitation();
    await within(dialog).findByText(TEXTS.zh.apa);
    expect(within(dialog).getByRole('button', { name: '关闭' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

// "Cite this article" (GET /api/article/citation): the formatted text of one style, and the address
// of a RIS or BibTeX download. Built on @qianyan/shared's `get`: the only caller is this remote's
// lazily loaded dialog, so the shared package's contract (and version) stays as it is.
import { get, siteConfig } from '@qianyan/shared';

export type CitationLang = 'zh' | 'en';
export type CitationStyle = 'gbt7714' | 'ama' | 'apa';
export type CitationFile = 'ris' | 'bibtex';

export interface CitationText {
  id: number;
  lang: CitationLang;
  format: CitationStyle;
  /** The style's name, e.g. GB/T 7714-2015. */
  style: string;
  text: string;
  /** Whether the article has an English original to cite. */
  english: boolean;
}

export const CITATION_STYLES: readonly CitationStyle[] = ['gbt7714', 'ama', 'apa'];

export const citationApi = {
  text: (query: { id: number; lang: CitationLang; format: CitationStyle }) =>
    get<CitationText>('/api/article/citation', query, { silent: true }),
  /** A plain link: the server answers with the file as an attachment. */
  fileUrl: (query: { id: number; lang: CitationLang; format: CitationFile }) =>
    `${siteConfig().apiBase}/api/article/citation?${new URLSearchParams({ id: String(query.id), lang: query.lang, format: query.format }).toString()}`,
};

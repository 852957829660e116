// "Cite this article" (issue 21 item 4): an article's citation in GB/T 7714-2015, AMA and APA, and
// as RIS and BibTeX files, for the Chinese translation and for the English original. Formatted by
// citation-js (citeproc-js with CSL styles; docs/decisions.md "Citations"), never by hand: the GB/T
// and AMA styles and the zh-CN locale are the CSL projects' own files (server/assets/csl), APA is the
// one citation-js ships. Only metadata goes in: titles, author lines, dates, addresses.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Cite, plugins } from '@citation-js/core';
import '@citation-js/plugin-csl';
import '@citation-js/plugin-ris';
import '@citation-js/plugin-bibtex';
import { AppError } from '../../lib/errors.js';
import { assetsDir } from '../../paths.js';
import { articlePath, SITE_NAME } from '../../plugins/pageMeta.js';
import type { CitationSource, ContentService } from '../content/service.js';
import { authorNames, hasHan } from './names.js';

export const CITATION_STYLES = ['gbt7714', 'ama', 'apa'] as const;
export const CITATION_FILES = ['ris', 'bibtex'] as const;
export const CITATION_FORMATS = [...CITATION_STYLES, ...CITATION_FILES] as const;
export const CITATION_LANGS = ['zh', 'en'] as const;
export type CitationStyle = (typeof CITATION_STYLES)[number];
export type CitationFileFormat = (typeof CITATION_FILES)[number];
export type CitationFormat = (typeof CITATION_FORMATS)[number];
export type CitationLang = (typeof CITATION_LANGS)[number];

export const CitationMessages = {
  noEnglish: '该文章暂无英文原文信息',
} as const;

/** The CSL style of each text format, and the name the dialog shows. */
const STYLES: Record<CitationStyle, { template: string; name: string }> = {
  gbt7714: { template: 'qy-gb-t-7714-2015-numeric', name: 'GB/T 7714-2015' },
  ama: { template: 'qy-american-medical-association', name: 'AMA' },
  apa: { template: 'apa', name: 'APA' },
};

/** The downloads: media type and file extension. */
const FILES: Record<CitationFileFormat, { type: string; ext: string; plugin: string }> = {
  ris: { type: 'application/x-research-info-systems; charset=utf-8', ext: 'ris', plugin: 'ris' },
  bibtex: { type: 'application/x-bibtex; charset=utf-8', ext: 'bib', plugin: 'bibtex' },
};

/**
 * The journals whose articles the sources translate (their list pages are /nejm-list,
 * /nejm-catalyst-list and /nejm-evidence-list): the English original's container. Other sources
 * (digests, commentary, animations…) have no original journal to cite.
 */
const ORIGINAL_JOURNALS: Record<number, { title: string; short: string; issn: string }> = {
  5: { title: 'New England Journal of Medicine', short: 'N Engl J Med', issn: '0028-4793' },
  10: { title: 'NEJM Catalyst Innovations in Care Delivery', short: 'NEJM Catal Innov Care Deliv', issn: '2642-0007' },
  11: { title: 'NEJM Evidence', short: 'NEJM Evid', issn: '2766-5526' },
};

let registered = false;
/** The vendored CSL files, added to citation-js once per process. */
function registerStyles() {
  if (registered) return;
  const csl = plugins.config.get('@csl');
  const file = (name: string) => readFileSync(resolve(assetsDir, 'csl', name), 'utf8');
  csl.styles.add(STYLES.gbt7714.template, file('china-national-standard-gb-t-7714-2015-numeric.csl'));
  csl.styles.add(STYLES.ama.template, file('american-medical-association.csl'));
  csl.locales.add('zh-CN', file('locales-zh-CN.xml'));
  // Chinese titles and names stay as they are in BibTeX (biber and BibTeX 0.99 read UTF-8);
  // the entry key is the item's id, so the file names the article.
  const bibtex = plugins.config.get('@bibtex');
  bibtex.format.asciiOnly = false;
  bibtex.format.useIdAsLabel = true;
  registered = true;
}

const dateParts = (ymd: string): [number, number, number] | undefined => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(ymd);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : undefined;
};
/** A calendar day in Asia/Shanghai, as CSL date parts. */
const shanghaiDay = (at: Date): [number, number, number] => dateParts(new Date(at.getTime() + 8 * 3_600_000).toISOString())!;
const DOI_LINK = /^https?:\/\/(?:dx\.)?doi\.org\/(10\.\d{4,9}\/\S+)$/i;

/** Whether an article has an English original to cite: an English title, from a journal we know. */
export const hasEnglishOriginal = (a: Pick<CitationSource, 'outtitle' | 'sourceId'>) =>
  a.outtitle.trim() !== '' && ORIGINAL_JOURNALS[a.sourceId] !== undefined;

/** The CSL-JSON item of one version of an article. */
export function cslItem(a: CitationSource, lang: CitationLang, origin: string, accessed: Date): Record<string, unknown> {
  const accessedParts = { 'date-parts': [shanghaiDay(accessed)] };
  if (lang === 'zh') {
    // The translation as this site publishes it: its page is its address.
    const page = a.sourceId === 1 ? `/article-particulars?permalinks=${encodeURIComponent(a.permalinks)}` : articlePath({ sourceid: a.sourceId, permalinks: a.permalinks });
    return {
      id: a.permalinks,
      type: 'article-journal',
      title: a.title,
      author: authorNames(a.author),
      'container-title': SITE_NAME,
      issued: { 'date-parts': [shanghaiDay(a.postdate)] },
      accessed: accessedParts,
      URL: `${origin}${page}`,
    };
  }
  const journal = ORIGINAL_JOURNALS[a.sourceId]!;
  // The English author line when the editors gave it; the translation's when it is already in Latin letters.
  const line = a.enAuthors.trim() || (hasHan(a.author) ? '' : a.author);
  const doi = DOI_LINK.exec(a.outlink.trim())?.[1];
  const issued = a.pubdate ? dateParts(a.pubdate) : undefined;
  return {
    id: `${a.permalinks}-en`,
    type: 'article-journal',
    title: a.outtitle.trim(),
    author: authorNames(line),
    'container-title': journal.title,
    'container-title-short': journal.short,
    ISSN: journal.issn,
    ...(issued ? { issued: { 'date-parts': [issued] } } : {}),
    // GB/T 7714-2015 gives an online article its address and then its DOI ("… [2009-10-25]. http://…. DOI:10.3771/….",
    // the standard's own example of [J/OL]); AMA and APA print the DOI alone when there is one.
    ...(doi ? { DOI: doi } : {}),
    ...(a.outlink.trim() ? { URL: a.outlink.trim() } : {}),
    accessed: accessedParts,
  };
}

/** The numbered-list label a bibliography starts with ("[1] ", "1. "): a single citation has none. */
const LIST_LABEL = /^\s*(?:\[1\]|1\.)\s+/;

/**
 * One CSL-JSON item as a reference-list entry in a style, without its list label: the Chinese GB/T
 * 7714 text in the zh-CN locale (等, 卷, …), everything else in en-US.
 */
export function citationText(item: Record<string, unknown>, style: CitationStyle, lang: CitationLang): string {
  registerStyles();
  return new Cite(item)
    .format('bibliography', { template: STYLES[style].template, lang: lang === 'zh' && style === 'gbt7714' ? 'zh-CN' : 'en-US', format: 'text' })
    .trim()
    .replace(LIST_LABEL, '');
}

export type CitationService = ReturnType<typeof createCitationService>;

export function createCitationService(deps: { content: ContentService; now: () => Date }) {
  registerStyles();

  async function itemOf(id: number, lang: CitationLang, origin: string) {
    const article = await deps.content.citationSource(id);
    if (!article) throw AppError.notFound();
    if (lang === 'en' && !hasEnglishOriginal(article)) throw AppError.notFound(CitationMessages.noEnglish);
    return { article, item: cslItem(article, lang, origin, deps.now()) };
  }

  return {
    /** One citation as plain text (what a reader pastes into a reference list), and the style's name. */
    async text(id: number, lang: CitationLang, style: CitationStyle, origin: string) {
      const { article, item } = await itemOf(id, lang, origin);
      const text = citationText(item, style, lang);
      return { id: article.id, lang, format: style, style: STYLES[style].name, text, english: hasEnglishOriginal(article) };
    },

    /** A RIS or BibTeX file of one version of an article: its body, media type and file name. */
    async file(id: number, lang: CitationLang, format: CitationFileFormat, origin: string) {
      const { article, item } = await itemOf(id, lang, origin);
      const spec = FILES[format];
      // The item's language goes into the file (RIS LA, BibTeX langid), not into the styles' names.
      const body = new Cite({ ...item, language: lang === 'zh' ? 'zh-CN' : 'en-US' }).format(spec.plugin, { format: 'text' });
      return { body, type: spec.type, filename: `${article.permalinks.replace(/[^\w.-]/g, '_')}${lang === 'en' ? '-en' : ''}.${spec.ext}` };
    },
  };
}

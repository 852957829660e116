// The header's menu as data, shared by the desktop bar and the mobile drawer (spec §2.4).
import { siteConfig, yearMenu, type ArticleClass } from '@qianyan/shared/core';
import { CHROME_MSG } from './messages';

export interface NavLink {
  key: string;
  label: string;
  to: string;
  external?: boolean;
}

export type SectionKey = 'home' | 'journals' | 'fields' | 'animation' | 'courses' | 'about';

export const HOME_PATH = '/index';

export const periodArticleUrl = (year?: number) => (year ? `/period-article?year=${year}` : '/period-article');

/** Journal links under 按期浏览 and the years. */
export const JOURNAL_LINKS: NavLink[] = [
  { key: 'latest', label: CHROME_MSG.journal.latest, to: '/latest-periodical' },
  { key: 'articles', label: CHROME_MSG.journal.articles, to: '/nejm-list' },
  { key: 'catalyst', label: CHROME_MSG.journal.catalyst, to: '/nejm-catalyst-list' },
  { key: 'evidence', label: CHROME_MSG.journal.evidence, to: '/nejm-evidence-list' },
  { key: 'digest', label: CHROME_MSG.journal.digest, to: '/nejm-periodical-list' },
];

export interface YearLinks {
  shown: NavLink[];
  more: NavLink[];
}

/** The last 11 years, newest first: 5 shown directly, the rest under 更多. */
export function journalYears(now: Date = new Date()): YearLinks {
  const { shown, more } = yearMenu(now);
  const link = (year: number): NavLink => ({
    key: `year-${year}`,
    label: CHROME_MSG.yearLabel(year),
    to: periodArticleUrl(year),
  });
  return { shown: shown.map(link), more: more.map(link) };
}

export const COMMENTARY_LINK: NavLink = { key: 'commentary', label: CHROME_MSG.commentary, to: '/commentary' };

/** The professional-field dropdown: one entry per class with a field code, then 述评. */
export function fieldLinks(classes: ArticleClass[] | undefined): NavLink[] {
  const fields = (classes ?? [])
    .filter((c) => c.code)
    .map((c) => ({ key: `field-${c.code}`, label: c.classname, to: `/professional-article-list?code=${c.code}` }));
  return [...fields, COMMENTARY_LINK];
}

export const SIMPLE_LINKS = {
  home: { key: 'home', label: CHROME_MSG.nav.home, to: HOME_PATH },
  animation: { key: 'animation', label: CHROME_MSG.nav.animation, to: '/animation-list' },
  courses: { key: 'courses', label: CHROME_MSG.nav.courses, to: '/course-resources' },
  about: { key: 'about', label: CHROME_MSG.nav.about, to: '/about' },
} satisfies Record<string, NavLink>;

/** The external medical-humanities site (MEDICAL_HUMANITIES_URL); null, and no menu entry, when unset. */
export function humanitiesLink(): NavLink | null {
  const to = siteConfig().medicalHumanitiesUrl;
  return to ? { key: 'humanities', label: CHROME_MSG.nav.humanities, to, external: true } : null;
}

const SECTION_PATTERNS: [SectionKey, RegExp][] = [
  ['home', /^\/(index)?$/],
  ['journals', /^\/(period-article|latest-periodical|nejm-)/],
  ['fields', /^\/(professional-|commentary$)/],
  ['animation', /^\/animation-/],
  ['courses', /^\/(course-resources|course-video|series-courses|meeting-notice|meeting-review)$/],
  ['about', /^\/about$/],
];

/** The menu entry to highlight for a path, or null. */
export function activeSection(pathname: string): SectionKey | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return SECTION_PATTERNS.find(([, re]) => re.test(path))?.[0] ?? null;
}

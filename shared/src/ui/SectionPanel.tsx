// The centred card a remote shows for a section that has no screen yet and for a path it does not
// know: a label, the page's h1, a sentence, the links home and to the journal list.
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SectionLinks } from './plain/SectionLinks';
import './sectionPanel.css';

export const SITE_NAME = '千言医学';

/** document.title of a page: `论著类 - 千言医学`. */
export const pageTitle = (name: string) => `${name} - ${SITE_NAME}`;

export const SECTION_TEXT = {
  home: '首页',
  journalList: '期刊文章',
  explore: '栏目导航',
  underConstruction: '栏目建设中',
  underConstructionText: (name: string) => `「${name}」栏目正在准备中，很快与您见面。您可以先浏览其他栏目。`,
  notFound: '页面不存在',
  notFoundText: '您访问的页面不存在或已移动。',
} as const;
const T = SECTION_TEXT;

/** Sets document.title while the page is shown. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The app's page frame and card classes the panel sits in (each remote has its own). */
export interface PanelFrame {
  page: string;
  card: string;
}

export function SectionPanel({
  label,
  title,
  text,
  frame,
  children,
}: {
  label: string;
  title: string;
  text: string;
  frame: PanelFrame;
  children?: ReactNode;
}) {
  return (
    <div className={frame.page}>
      <section className={`${frame.card} qy-construction`} aria-labelledby="qy-construction-title">
        <p className="qy-construction-label">{label}</p>
        <h1 id="qy-construction-title">{title}</h1>
        <p className="qy-construction-text">{text}</p>
        <SectionLinks link={Link} label={T.explore} home={T.home} journalList={T.journalList} />
        {children}
      </section>
    </div>
  );
}

/** The honest placeholder for a section that has no screen yet: its name, a sentence, the way back. */
export function UnderConstructionPage({ name, frame }: { name: string; frame: PanelFrame }) {
  useDocumentTitle(pageTitle(name));
  return <SectionPanel label={T.underConstruction} title={name} text={T.underConstructionText(name)} frame={frame} />;
}

/** A path inside a remote's prefixes that names no page. */
export function NotFoundPage({ frame }: { frame: PanelFrame }) {
  useDocumentTitle(pageTitle(T.notFound));
  return <SectionPanel label="404" title={T.notFound} text={T.notFoundText} frame={frame} />;
}

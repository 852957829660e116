import { ThemeScope } from '@qianyan/shared';
import { Drawer, Menu, type MenuProps } from 'antd';
import { ChromeLink } from '../navigation';
import {
  fieldLinks,
  humanitiesLink,
  JOURNAL_LINKS,
  journalYears,
  periodArticleUrl,
  SIMPLE_LINKS,
  type NavLink,
  type SectionKey,
} from '../menu';
import { CHROME_MSG } from '../messages';
import type { ArticleClassesQuery } from '../useArticleClasses';
import { Logo } from './Logo';

interface MobileNavProps {
  open: boolean;
  onClose: () => void;
  active: SectionKey | null;
  location: { pathname: string; search: string };
  fields: ArticleClassesQuery;
}

/**
 * The header menu under 768 px: a drawer with the same entries; years and fields collapse.
 * It loads on first opening with its antd parts, in the brand theme (the chrome has no antd provider).
 */
export function MobileNav(props: MobileNavProps) {
  return (
    <ThemeScope>
      <MobileNavDrawer {...props} />
    </ThemeScope>
  );
}

function MobileNavDrawer({ open, onClose, active, location, fields }: MobileNavProps) {
  const years = journalYears();
  const byIssue: NavLink = { key: 'by-issue', label: CHROME_MSG.journal.byIssue, to: periodArticleUrl() };
  const fieldEntries = fieldLinks(fields.data);
  const item = (l: NavLink) => ({
    key: l.key,
    label: l.external ? (
      <a href={l.to} target="_blank" rel="noopener noreferrer">
        {l.label}
      </a>
    ) : (
      <ChromeLink to={l.to} onNavigate={onClose}>
        {l.label}
      </ChromeLink>
    ),
  });

  const humanities = humanitiesLink();
  const items: MenuProps['items'] = [
    item(SIMPLE_LINKS.home),
    {
      key: 'journals',
      label: CHROME_MSG.nav.journals,
      children: [
        item(byIssue),
        {
          key: 'years',
          label: CHROME_MSG.journal.byYear,
          children: [...years.shown, ...years.more].map(item),
        },
        ...JOURNAL_LINKS.map(item),
      ],
    },
    {
      key: 'fields',
      label: CHROME_MSG.nav.fields,
      children: [
        ...(fields.loading && !fields.data
          ? [{ key: 'fields-loading', label: CHROME_MSG.fieldsLoading, disabled: true }]
          : []),
        ...fieldEntries.map(item),
      ],
    },
    item(SIMPLE_LINKS.animation),
    ...(humanities ? [item(humanities)] : []),
    item(SIMPLE_LINKS.courses),
    item(SIMPLE_LINKS.about),
  ];

  // The exact entry for this URL if there is one, else the section.
  const here = `${location.pathname}${location.search}`;
  const all: NavLink[] = [
    ...Object.values(SIMPLE_LINKS),
    byIssue,
    ...years.shown,
    ...years.more,
    ...JOURNAL_LINKS,
    ...fieldEntries,
  ];
  const exact = all.find((l) => l.to === here) ?? all.find((l) => l.to === location.pathname);
  const selectedKeys = exact ? [exact.key] : active ? [active] : [];

  return (
    <Drawer
      open={open}
      onClose={onClose}
      placement="left"
      size={300}
      title={<Logo onNavigate={onClose} />}
      classNames={{ body: 'qy-drawer__body' }}
      aria-label={CHROME_MSG.mobileMenu}
    >
      <nav aria-label={CHROME_MSG.mainNav}>
        <Menu mode="inline" items={items} selectedKeys={selectedKeys} className="qy-drawer__menu" />
      </nav>
    </Drawer>
  );
}

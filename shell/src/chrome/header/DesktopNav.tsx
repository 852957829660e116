import { ChromeLink } from '../navigation';
import { humanitiesLink, SIMPLE_LINKS, type NavLink, type SectionKey } from '../menu';
import { CHROME_MSG } from '../messages';
import type { ArticleClassesQuery } from '../useArticleClasses';
import { FieldsPanel } from './FieldsPanel';
import { HoverPanel } from './HoverPanel';
import { ExportIcon } from './icons';
import { JournalPanel } from './JournalPanel';

function NavItem({ link, active }: { link: NavLink; active: boolean }) {
  return (
    <ChromeLink
      to={link.to}
      className={active ? 'qy-nav__item is-active' : 'qy-nav__item'}
      aria-current={active ? 'page' : undefined}
    >
      {link.label}
    </ChromeLink>
  );
}

/** The header menu at 768 px and wider (spec §2.4). */
export function DesktopNav({ active, fields }: { active: SectionKey | null; fields: ArticleClassesQuery }) {
  const humanities = humanitiesLink();
  return (
    <nav className="qy-nav" aria-label={CHROME_MSG.mainNav}>
      <ul className="qy-nav__list">
        <li>
          <NavItem link={SIMPLE_LINKS.home} active={active === 'home'} />
        </li>
        <li>
          <HoverPanel label={CHROME_MSG.nav.journals} active={active === 'journals'}>
            {(close) => <JournalPanel onNavigate={close} />}
          </HoverPanel>
        </li>
        <li>
          <HoverPanel label={CHROME_MSG.nav.fields} active={active === 'fields'}>
            {(close) => <FieldsPanel query={fields} onNavigate={close} />}
          </HoverPanel>
        </li>
        <li>
          <NavItem link={SIMPLE_LINKS.animation} active={active === 'animation'} />
        </li>
        {humanities && (
          <li>
            <a className="qy-nav__item" href={humanities.to} target="_blank" rel="noopener noreferrer">
              {humanities.label}
              <ExportIcon className="qy-nav__external" />
            </a>
          </li>
        )}
        <li>
          <NavItem link={SIMPLE_LINKS.courses} active={active === 'courses'} />
        </li>
        <li>
          <NavItem link={SIMPLE_LINKS.about} active={active === 'about'} />
        </li>
      </ul>
    </nav>
  );
}

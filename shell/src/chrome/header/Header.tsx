import { MenuOutlined, SearchOutlined } from '@ant-design/icons';
import { useIsMobile } from '@qianyan/shared';
import { useEffect, useState } from 'react';
import { activeSection } from '../menu';
import { CHROME_MSG } from '../messages';
import { useCurrentLocation } from '../navigation';
import { useArticleClasses } from '../useArticleClasses';
import { DesktopNav } from './DesktopNav';
import { Logo } from './Logo';
import { MobileNav } from './MobileNav';
import { SearchBar } from './SearchBar';
import { UserMenu } from './UserMenu';

/** The site header (spec §2.4): logo, menu (a drawer under 768 px), search and user. */
export function Header() {
  const isMobile = useIsMobile();
  const location = useCurrentLocation();
  const active = activeSection(location.pathname);
  const fields = useArticleClasses();
  const [searchOpen, setSearchOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);

  // Any navigation, from the chrome or an app, closes the search bar and the drawer.
  useEffect(() => {
    setSearchOpen(false);
    setDrawerOpen(false);
  }, [location.pathname, location.search]);

  return (
    <header className="qy-header">
      <div className="qy-header__inner">
        {isMobile && (
          <button
            type="button"
            className="qy-icon-btn"
            aria-label={CHROME_MSG.openMenu}
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuOutlined aria-hidden="true" />
          </button>
        )}
        <Logo />
        {!isMobile && <DesktopNav active={active} fields={fields} />}
        <div className="qy-header__actions">
          <button
            type="button"
            className={searchOpen ? 'qy-icon-btn is-active' : 'qy-icon-btn'}
            aria-label={CHROME_MSG.search.open}
            aria-expanded={searchOpen}
            onClick={() => setSearchOpen((v) => !v)}
          >
            <SearchOutlined aria-hidden="true" />
          </button>
          <UserMenu compact={isMobile} />
        </div>
      </div>
      {searchOpen && <SearchBar onClose={() => setSearchOpen(false)} />}
      {isMobile && (
        <MobileNav
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          active={active}
          location={location}
          fields={fields}
        />
      )}
    </header>
  );
}

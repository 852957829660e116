import { useIsMobile } from '@qianyan/shared/core';
import { lazy, Suspense, useEffect, useState } from 'react';
import { activeSection } from '../menu';
import { CHROME_MSG } from '../messages';
import { useCurrentLocation } from '../navigation';
import { useArticleClasses } from '../useArticleClasses';
import { DesktopNav } from './DesktopNav';
import { MenuIcon, SearchIcon } from './icons';
import { Logo } from './Logo';
import { UserMenu } from './UserMenu';

// The drawer menu (antd Menu, Drawer) and the search bar (antd Input) load on first use, each with
// its own antd theme (ThemeScope); the rest of the header is plain React.
const MobileNav = lazy(() => import('./MobileNav').then((m) => ({ default: m.MobileNav })));
const SearchBar = lazy(() => import('./SearchBar').then((m) => ({ default: m.SearchBar })));

/** The site header (spec §2.4): logo, menu (a drawer under 768 px), search and user. */
export function Header() {
  const isMobile = useIsMobile();
  const location = useCurrentLocation();
  const active = activeSection(location.pathname);
  const fields = useArticleClasses();
  const [searchOpen, setSearchOpen] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Mounted from the first opening on, so the drawer keeps its closing animation.
  const [navWanted, setNavWanted] = useState(false);
  useEffect(() => {
    if (drawerOpen) setNavWanted(true);
  }, [drawerOpen]);

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
            aria-haspopup="dialog"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIcon />
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
            <SearchIcon />
          </button>
          <UserMenu compact={isMobile} />
        </div>
      </div>
      {searchOpen && (
        <Suspense fallback={null}>
          <SearchBar onClose={() => setSearchOpen(false)} />
        </Suspense>
      )}
      {isMobile && (navWanted || drawerOpen) && (
        <Suspense fallback={null}>
          <MobileNav
            open={drawerOpen}
            onClose={() => setDrawerOpen(false)}
            active={active}
            location={location}
            fields={fields}
          />
        </Suspense>
      )}
    </header>
  );
}

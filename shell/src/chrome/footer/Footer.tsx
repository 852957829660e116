import { ChromeLink } from '../navigation';
import { CHROME_MSG } from '../messages';

const BRANDS = [
  { to: '/index', mark: '医', label: CHROME_MSG.footer.journal },
  { to: '/course-resources', mark: '课', label: CHROME_MSG.footer.classroom },
  { to: '/about', mark: '言', label: CHROME_MSG.footer.about },
];

const LINKS = [
  { to: '/about?type=terms', label: CHROME_MSG.footer.terms },
  { to: '/about?type=agreement', label: CHROME_MSG.footer.agreement },
  { to: '/about?type=privacy', label: CHROME_MSG.footer.privacy },
  { to: '/about?type=contact', label: CHROME_MSG.footer.contact },
];

/** The site footer (spec §2.4): three logo links, site links, copyright and filing numbers. */
export function Footer({ now = new Date() }: { now?: Date }) {
  return (
    <footer className="qy-footer">
      <div className="qy-footer__inner">
        <div className="qy-footer__top">
          <nav className="qy-footer__brands" aria-label={CHROME_MSG.footer.brands}>
            {BRANDS.map((b) => (
              <ChromeLink key={b.to} to={b.to} className="qy-footer__brand">
                <span className="qy-footer__mark" aria-hidden="true">
                  {b.mark}
                </span>
                {b.label}
              </ChromeLink>
            ))}
          </nav>
          <nav className="qy-footer__links" aria-label={CHROME_MSG.footer.links}>
            {LINKS.map((l) => (
              <ChromeLink key={l.to} to={l.to}>
                {l.label}
              </ChromeLink>
            ))}
          </nav>
        </div>
        <div className="qy-footer__legal">
          <span>{CHROME_MSG.footer.copyright(now.getFullYear())}</span>
          <span>{CHROME_MSG.footer.icp}</span>
          <span>{CHROME_MSG.footer.police}</span>
        </div>
      </div>
    </footer>
  );
}

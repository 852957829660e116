import { ChromeLink } from '../navigation';
import { HOME_PATH } from '../menu';
import { CHROME_MSG } from '../messages';

/** Text logo: a small red mark, 千言医学 and the subtitle 医学前沿; links home. */
export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <ChromeLink to={HOME_PATH} className="qy-logo" onNavigate={onNavigate}>
      <span className="qy-logo__mark" aria-hidden="true">
        千
      </span>
      <span className="qy-logo__text">
        <span className="qy-logo__name">{CHROME_MSG.brand}</span>
        <span className="qy-logo__sub">{CHROME_MSG.brandSubtitle}</span>
      </span>
    </ChromeLink>
  );
}

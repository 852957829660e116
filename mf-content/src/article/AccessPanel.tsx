import { MSG, openLoginDialog } from '@qianyan/shared';
import { forwardRef } from 'react';
import { Link } from 'react-router-dom';
import { LockIcon } from '../common/icons';
import type { AccessState } from './access';
import { LINK_BUTTON, PlainButton } from '@qianyan/shared/plain';
import { ARTICLE_TEXT as T, SUBSCRIBE_PATH } from './messages';

interface Props {
  state: Exclude<AccessState, 'open'>;
  claiming: boolean;
  /** The failure of the last free-read claim, shown in the panel. */
  claimError: string | null;
  onClaim: () => void;
}

/** The way to a subscription when reading needs one. */
function SubscribeAction() {
  return (
    <div className="qy-ai-lock-actions qy-ai-buttons">
      <Link className={LINK_BUTTON.primary} to={SUBSCRIBE_PATH}>
        {T.subscribe}
      </Link>
    </div>
  );
}

/** The panel in place of a locked body (§4 reading access). */
export const AccessPanel = forwardRef<HTMLElement, Props>(function AccessPanel(
  { state, claiming, claimError, onClaim },
  ref,
) {
  return (
    <section ref={ref} className={`qy-ai-lock qy-ai-lock-${state}`} aria-labelledby="qy-ai-lock-title" tabIndex={-1}>
      <LockIcon className="qy-ai-lock-icon" />
      {state === 'login' && (
        <>
          <h2 id="qy-ai-lock-title">{MSG.loginToRead}</h2>
          <div className="qy-ai-lock-actions">
            <PlainButton variant="primary" size="large" onClick={openLoginDialog}>
              {T.login}
            </PlainButton>
          </div>
        </>
      )}
      {state === 'freeRead' && (
        <>
          <h2 id="qy-ai-lock-title">{T.freeReadTitle}</h2>
          <p>{T.freeReadText}</p>
          <div className="qy-ai-lock-actions">
            <PlainButton variant="primary" size="large" loading={claiming} onClick={onClaim}>
              {T.useFreeRead}
            </PlainButton>
            <Link className="qy-ai-lock-link" to={SUBSCRIBE_PATH}>
              {T.subscribe}
            </Link>
          </div>
          {claimError && (
            <p className="qy-ai-lock-error" role="alert">
              {claimError}
            </p>
          )}
        </>
      )}
      {state === 'usedUp' && (
        <>
          <h2 id="qy-ai-lock-title">{T.lockedHint}</h2>
          <p className="qy-ai-lock-warning" role="alert">
            {MSG.freeReadsUsedUp}
          </p>
          <SubscribeAction />
        </>
      )}
      {state === 'subscribe' && (
        <>
          <h2 id="qy-ai-lock-title">{T.lockedHint}</h2>
          <p>{T.subscribeText}</p>
          <SubscribeAction />
        </>
      )}
    </section>
  );
});

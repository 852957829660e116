// /personal (spec §2.9): profile card and the four tabs bound to ?type=flag1…flag4.
import { MSG, openLoginDialog, toast, useSession } from '@qianyan/shared/core';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ACCOUNT_MSG, pageTitle } from '../messages';
import { PlainLoadingState } from '@qianyan/shared/plain';
import { LoginRequired } from './LoginRequired';
import { preloadTab } from './tabChunks';
import { tabFromQuery } from './tabs';
import './personal.css';

// The centre (profile card and tabs) is fetched once a reader is logged in: a visitor gets the login
// prompt without it. Neither carries antd in its first view: the forms and dialogs that need it load
// when they are opened.
const PersonalCentre = lazy(() => import('./PersonalCentre').then((m) => ({ default: m.PersonalCentre })));

export function PersonalPage() {
  const { loggedIn, user } = useSession();
  const warned = useRef(false);

  useEffect(() => {
    document.title = pageTitle(ACCOUNT_MSG.personalTitle);
  }, []);

  // Arriving logged out (§2.1, §8): 请先登录 and the login prompt, once per visit. A session lost
  // later (code 10002) is announced by the API client itself.
  useEffect(() => {
    if (loggedIn || warned.current) return;
    warned.current = true;
    toast.warning(MSG.pleaseLogin);
    openLoginDialog();
  }, [loggedIn]);

  const [params] = useSearchParams();
  if (!loggedIn || !user) return <LoginRequired />;
  // The open tab's chunk loads beside the centre's, not after it.
  preloadTab(tabFromQuery(params.get('type')));
  return (
    <Suspense fallback={<PlainLoadingState />}>
      <PersonalCentre user={user} />
    </Suspense>
  );
}


// @qianyan/shared/testing: wire-shaped fixtures and a router harness for the apps' tests (never
// imported by app code). One place for the shapes of the wire types, so a field added to a type is
// added to every test's data at once.
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { captchaRequestAtom, dialogAtom, resolveCaptcha } from './session/dialogs';
import { qyStore } from './session/store';
import type { ArticleListItem, LessonCard, PageResult, SessionUser } from './types';
import { AppProviders } from './ui/AppProviders';

/** A signed-in reader without membership; `over` changes any field. */
export function sessionUser(over: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    membername: 'demo_reader',
    truename: '',
    identity: '',
    roleid: 0,
    avatar: '',
    subscribe_info: { service_type: 0, service_end_date: null },
    ifNeedUpdate: 0,
    ...over,
  };
}

let nextId = 1;

/** A row of an article list (a journal review article unless `over` says otherwise). */
export function articleListItem(over: Partial<ArticleListItem> = {}): ArticleListItem {
  const id = over.id ?? nextId++;
  return {
    id,
    title: `文章标题 ${id}`,
    outtitle: '',
    author: 'David T. Osei, Ph.D., Laura S. Dubois, M.D., Michael J. Okafor, 陈俊杰',
    pcauthor: 'David T. Osei, Laura S. Dubois, Michael J. Okafor, 陈俊杰',
    intro: '本文综述了主要证据。',
    postdate: '2026-07-16T04:15:00.000Z',
    pubdate: '2026-07-06',
    classNames: '肿瘤,其他',
    typeName: '',
    filterName: '综述类',
    typeid: 0,
    sourceid: 5,
    sourceName: '期刊',
    permalinks: `QYJ${String(id).padStart(4, '0')}`,
    thumb: '',
    haswantsay: 0,
    accessLevel: 'public',
    ifCollect: 0,
    ...over,
  };
}

/** A course card (a single lesson unless `over` says otherwise). */
export function lessonCard(over: Partial<LessonCard> = {}): LessonCard {
  const id = over.id ?? nextId++;
  return {
    id,
    lessonResId: 10000 + id,
    title: `课程 ${id}`,
    subhead: '从研究问题到主要终点的阅读路径',
    publishdate: '2026-11-16T02:00:00.000Z',
    createTime: '2026-11-15T02:00:00.000Z',
    subjectSerType: 1,
    subjectType: 2,
    ifViewAuth: 2,
    coverPc: `[{"url":"/api/static/covers/pc-${id}.svg"}]`,
    coverMobile: `[{"url":"/api/static/covers/m-${id}.svg"}]`,
    classNames: '肿瘤',
    outsideChain: '',
    ifFav: 0,
    ...over,
  };
}

/** One page of a list reply. */
export function pageOf<T>(results: T[], total = results.length, pageNo = 1, pageSize = 20): PageResult<T> {
  return { results, page: { total, pages: Math.max(1, Math.ceil(total / pageSize)), pageNo, pageSize } };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders at a URL inside the shared providers; `location()` reads the URL the app wrote. */
export function renderAt(url: string, ui: ReactNode) {
  const utils = render(
    <AppProviders>
      <MemoryRouter initialEntries={[url]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  const location = () => utils.getByTestId('location').textContent ?? '';
  return { ...utils, location };
}

/** Sets the viewport width the layout hooks read. */
export function setViewportWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

/** The image captcha asked for, which the shell's dialog would show (null when none is). */
export const captchaRequest = () => qyStore.get(captchaRequestAtom);

/** The dialog the apps asked the shell to open (null when none is). */
export const requestedDialog = () => qyStore.get(dialogAtom);

/** Answers the open image captcha as the shell's dialog would; no answer cancels it. */
export async function answerCaptcha(answer: { uuid: string; code: string } | null) {
  await act(async () => resolveCaptcha(answer));
}

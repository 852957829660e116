// Test helpers: wire-shaped course cards and a router harness that exposes the current URL.
import { AppProviders, type ArticleClass, type LessonCard, type PageResult, type SessionUser } from '@qianyan/shared';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';

export const CLASSES: ArticleClass[] = [
  { id: 4, classname: '心脑血管', code: 10, num: 4, xcxIconSe: '' },
  { id: 2, classname: '肿瘤', code: 20, num: 4, xcxIconSe: '' },
  { id: 7, classname: '呼吸', code: 40, num: 4, xcxIconSe: '' },
];

let nextId = 1;
export function lesson(over: Partial<LessonCard> = {}): LessonCard {
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

export function pageOf<T>(results: T[], total = results.length, pageSize = 9): PageResult<T> {
  return { results, page: { total, pages: Math.max(1, Math.ceil(total / pageSize)), pageNo: 1, pageSize } };
}

export function member(over: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 7,
    membername: 'doctor',
    truename: '王医生',
    identity: '执业医师',
    roleid: 1,
    avatar: '',
    subscribe_info: { service_type: 0, service_end_date: null },
    ifNeedUpdate: 0,
    ...over,
  };
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

export function renderAt(url: string, ui: ReactNode) {
  const utils = render(
    <AppProviders>
      <MemoryRouter initialEntries={[url]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...utils, location: () => utils.getByTestId('location').textContent ?? '' };
}

export function setViewportWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, writable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

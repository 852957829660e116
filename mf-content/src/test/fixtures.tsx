// Test helpers: wire-shaped fixtures and a router harness that exposes the current URL.
import { AppProviders, type ArticleClass, type ArticleListItem, type PageResult } from '@qianyan/shared';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';

export const CLASSES: ArticleClass[] = [
  { id: 4, classname: '心脑血管', code: 10, num: 4, xcxIconSe: '' },
  { id: 2, classname: '肿瘤', code: 20, num: 4, xcxIconSe: '' },
  { id: 3, classname: '糖尿病', code: 30, num: 4, xcxIconSe: '' },
  { id: 9, classname: '感染', code: 70, num: 5, xcxIconSe: '' },
];

let nextId = 1;
export function article(over: Partial<ArticleListItem> = {}): ArticleListItem {
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

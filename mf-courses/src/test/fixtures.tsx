// Test helpers: the shared wire-shaped fixtures and router harness, with this app's specialties,
// a nine-card page and a signed-in doctor.
import type { ArticleClass, PageResult, SessionUser } from '@qianyan/shared';
import { pageOf as sharedPageOf, sessionUser } from '@qianyan/shared/testing';
export { lessonCard as lesson, renderAt, setViewportWidth } from '@qianyan/shared/testing';

export const CLASSES: ArticleClass[] = [
  { id: 4, classname: '心脑血管', code: 10, num: 4, xcxIconSe: '' },
  { id: 2, classname: '肿瘤', code: 20, num: 4, xcxIconSe: '' },
  { id: 7, classname: '呼吸', code: 40, num: 4, xcxIconSe: '' },
];

export function pageOf<T>(results: T[], total = results.length): PageResult<T> {
  return sharedPageOf(results, total, 1, 9);
}

export function member(over: Partial<SessionUser> = {}): SessionUser {
  return sessionUser({ membername: 'doctor', truename: '王医生', identity: '执业医师', roleid: 1, ...over });
}

// Test helpers: the shared wire-shaped fixtures and router harness, with this app's specialties.
import type { ArticleClass } from '@qianyan/shared';
export { articleListItem as article, pageOf, renderAt, setViewportWidth } from '@qianyan/shared/testing';

export const CLASSES: ArticleClass[] = [
  { id: 4, classname: '心脑血管', code: 10, num: 4, xcxIconSe: '' },
  { id: 2, classname: '肿瘤', code: 20, num: 4, xcxIconSe: '' },
  { id: 3, classname: '糖尿病', code: 30, num: 4, xcxIconSe: '' },
  { id: 9, classname: '感染', code: 70, num: 5, xcxIconSe: '' },
];

import { SOURCE, type ArticleListItem as Item } from '@qianyan/shared';

export const articleHref = (permalinks: string) => `/article-info?permalinks=${encodeURIComponent(permalinks)}`;

/** The detail page of an item: animation and audio have their own page (as /article-transfer does). */
export function detailHref(item: Pick<Item, 'sourceid' | 'permalinks'>): string {
  if (item.sourceid === SOURCE.animation || item.sourceid === SOURCE.audio) {
    return `/animation-particulars?permalinks=${encodeURIComponent(item.permalinks)}`;
  }
  return articleHref(item.permalinks);
}

/** Expert commentary detail (spec §2.1 /article-particulars). */
export const commentaryHref = (item: Pick<Item, 'permalinks'>) =>
  `/article-particulars?permalinks=${encodeURIComponent(item.permalinks)}`;

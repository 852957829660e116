import type { ArticleListItem as Item } from '@qianyan/shared';

/** The type line: typeName and filterName, whichever are set (both only when they differ). */
export function kindOf(item: Pick<Item, 'typeName' | 'filterName'>): string {
  return [...new Set([item.typeName, item.filterName].filter(Boolean))].join(' · ');
}

import { api, useApiQuery, type ArticleClass } from '@qianyan/shared';
import { useMemo } from 'react';

/**
 * The disease-area classes (filter options) and a name → professional-field code map for tags.
 * A failed load leaves both empty: tags then show as plain text and the filter hides.
 */
export function useArticleClasses() {
  const query = useApiQuery(() => api.article.selectArticleClass({ silent: true }), []);
  const classes: ArticleClass[] = useMemo(() => query.data ?? [], [query.data]);
  const codeByName = useMemo(() => new Map(classes.map((c) => [c.classname, c.code])), [classes]);
  return { classes, codeByName, loading: query.loading };
}

import { api, useApiQuery } from '@qianyan/shared';
import { useMemo } from 'react';

/** Disease-area name → professional-field code, for tag links. A failed load leaves tags as plain text. */
export function useClassCodes(): Map<string, number> {
  const query = useApiQuery(() => api.article.selectArticleClass({ silent: true }), []);
  return useMemo(() => new Map((query.data ?? []).map((c) => [c.classname, c.code])), [query.data]);
}

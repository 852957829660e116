import { api, useApiQuery } from '@qianyan/shared/core';

/** The class list behind the 专业领域 menu; the menu shows its own error state, so no toast. */
export function useArticleClasses() {
  return useApiQuery(() => api.article.selectArticleClass({ silent: true }), []);
}

export type ArticleClassesQuery = ReturnType<typeof useArticleClasses>;

// Strings of the commentary detail (/article-particulars) that the spec does not fix.
export const COMMENTARY_TEXT = {
  pageName: '述评详情',
  list: '述评',
  badge: '述评',
  commentary: '述评',
  related: '相关文章',
  relatedMore: (total: number) => `查看全部 ${total} 篇相关文章`,
  aboutArticle: '本述评所评文章',
  readArticle: '阅读文章全文',
  intro: '摘要',
} as const;

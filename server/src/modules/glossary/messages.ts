// The glossary console's messages (the specification is silent on staff screens): one place, so
// tests and the console import the exact text.
export const GlossaryMessages = {
  idInvalid: '术语编号格式不正确',
  notFound: '术语不存在或已被删除',
  keywordTooLong: '关键词不能超过64个字符',
  classInvalid: '专业领域不正确',
  revisionRequired: '请提供修改所依据的版本号',
  tooLong: (field: string, max: number) => `${field}不能超过${max}个字符`,
  tooManyAliases: '缩写或同义词最多20个',
  termRequired: '请填写中文术语',
  definitionRequired: '请填写释义',
  termTaken: (term: string) => `术语“${term}”已存在`,
  stale: (current: number) => `该术语已被他人修改（当前为第${current}版），请刷新后再操作`,
} as const;

// Strings of bilingual reading (issue 21): the switch and the English blocks' labels.
export const BILINGUAL_TEXT = {
  legend: '阅读语言',
  zh: '中文',
  en: 'English',
  both: '对照',
  zhColumn: '中文译文',
  enColumn: '英文原文',
  enAbstract: 'Abstract',
  enLocked: '英文原文的全文与中文正文同样仅对可阅读全文的读者开放。',
} as const;

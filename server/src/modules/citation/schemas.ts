import Type, { type Static } from 'typebox';
import { Envelope } from '../../lib/envelope.js';
import { MAX_ID } from '../../lib/lists.js';
import { CITATION_FORMATS, CITATION_LANGS } from './service.js';

const Literals = <const T extends readonly string[]>(values: T, options: Record<string, unknown>) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  );

export const CitationQuery = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The article id', errorMessage: '文章编号格式不正确' }),
  lang: Type.Optional(
    Literals(CITATION_LANGS, { default: 'zh', description: 'zh: the Chinese translation on this site (default); en: the English original', errorMessage: '引用语言不正确' }),
  ),
  format: Literals(CITATION_FORMATS, {
    description: 'gbt7714 (GB/T 7714-2015, numeric), ama (AMA), apa (APA 7th): the enveloped text; ris, bibtex: the file itself, as a download',
    errorMessage: '引用格式不正确',
  }),
});
export type CitationQuery = Static<typeof CitationQuery>;

export const CitationText = Type.Object({
  id: Type.Integer(),
  lang: Type.String({ description: 'zh or en' }),
  format: Type.String({ description: 'gbt7714, ama or apa' }),
  style: Type.String({ description: "The style's name, e.g. GB/T 7714-2015" }),
  text: Type.String({ description: 'The citation as plain text, without a list number' }),
  english: Type.Boolean({ description: 'Whether the article has an English original to cite (lang=en)' }),
});

export const CitationResponse = {
  200: Envelope(CitationText),
};

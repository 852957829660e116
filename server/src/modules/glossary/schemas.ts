import Type, { type Static } from 'typebox';
import { Envelope } from '../../lib/envelope.js';
import { MAX_ID, PageResultSchema, pageQueryProperties } from '../../lib/lists.js';
import { GlossaryMessages as M } from './messages.js';

/** Limits of a glossary term's fields. */
export const GLOSSARY_LIMITS = { term: 64, english: 128, alias: 64, aliases: 20, definition: 300 } as const;

const Text = (maxLength: number, description: string, errorMessage: string) => Type.String({ maxLength, description, errorMessage });
const TermId = Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The term', errorMessage: M.idInvalid });

export const GlossaryTerm = Type.Object({
  id: Type.Integer(),
  term: Type.String({ description: 'The Chinese term' }),
  english: Type.String({ description: 'The English term' }),
  aliases: Type.Array(Type.String(), { description: 'Abbreviations and synonyms, Chinese and English' }),
  definition: Type.String({ description: 'A short definition in Chinese' }),
  classId: Type.Integer({ description: 'The disease area (article class)' }),
  className: Type.String(),
  revision: Type.Integer({ description: 'Send it back as baseRevision to save or delete' }),
  updatedAtShanghai: Type.String({ description: 'YYYY-MM-DD HH:mm (Asia/Shanghai)' }),
});
export type GlossaryTerm = Static<typeof GlossaryTerm>;

export const GlossaryListBody = Type.Object({
  ...pageQueryProperties,
  keyword: Type.Optional(Text(64, 'Part of the term, the English term or an abbreviation', M.keywordTooLong)),
  classId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'Only this disease area', errorMessage: M.classInvalid })),
});
export type GlossaryListBody = Static<typeof GlossaryListBody>;
export const GlossaryListResponse = { 200: Envelope(PageResultSchema(GlossaryTerm)) };

export const GlossarySaveBody = Type.Object({
  id: Type.Optional(TermId),
  baseRevision: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The revision the editor had (with id)', errorMessage: M.revisionRequired })),
  term: Text(GLOSSARY_LIMITS.term, 'The Chinese term', M.tooLong('中文术语', GLOSSARY_LIMITS.term)),
  english: Type.Optional(Text(GLOSSARY_LIMITS.english, 'The English term', M.tooLong('英文术语', GLOSSARY_LIMITS.english))),
  aliases: Type.Optional(
    Type.Array(Text(GLOSSARY_LIMITS.alias, 'An abbreviation or synonym', M.tooLong('缩写或同义词', GLOSSARY_LIMITS.alias)), {
      maxItems: GLOSSARY_LIMITS.aliases,
      description: 'Abbreviations and synonyms',
      errorMessage: M.tooManyAliases,
    }),
  ),
  definition: Text(GLOSSARY_LIMITS.definition, 'A short definition in Chinese', M.tooLong('释义', GLOSSARY_LIMITS.definition)),
  classId: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The disease area', errorMessage: M.classInvalid }),
});
export type GlossarySaveBody = Static<typeof GlossarySaveBody>;
export const GlossaryTermResponse = { 200: Envelope(GlossaryTerm) };

export const GlossaryDeleteBody = Type.Object({
  id: TermId,
  baseRevision: Type.Integer({ minimum: 1, maximum: MAX_ID, description: 'The revision the editor had', errorMessage: M.revisionRequired }),
});
export type GlossaryDeleteBody = Static<typeof GlossaryDeleteBody>;
export const GlossaryDeleteResponse = { 200: Envelope(Type.Object({ id: Type.Integer() })) };

/** GET /api/glossary: every term, each as an array in the order of `fields` (a compact reply). */
export const ReaderGlossaryResponse = {
  200: Envelope(
    Type.Object({
      fields: Type.Array(Type.String(), { description: 'id, term, english, aliases, definition, classId' }),
      terms: Type.Array(Type.Tuple([Type.Integer(), Type.String(), Type.String(), Type.Array(Type.String()), Type.String(), Type.Integer()])),
    }),
  ),
  304: Type.Null({ description: 'Not modified (If-None-Match)' }),
};

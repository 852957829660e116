// 术语表: the glossary routes of the editorial console (server/README.md, /api/editor/glossary/*),
// the form's values and the payload a save sends.
import { post, type CallOptions } from '@qianyan/shared/core';
import type { Page } from '../../api';

const G = '/api/editor/glossary';

export interface GlossaryTerm {
  id: number;
  term: string;
  english: string;
  aliases: string[];
  definition: string;
  classId: number;
  className: string;
  revision: number;
  updatedAtShanghai: string;
}

export interface GlossarySave {
  id?: number;
  baseRevision?: number;
  term: string;
  english?: string;
  aliases?: string[];
  definition: string;
  classId: number;
}

export const glossaryApi = {
  list: (q: { pageNo: number; pageSize: number; keyword?: string; classId?: number }, opts?: CallOptions) =>
    post<Page<GlossaryTerm>>(`${G}/list`, q, opts),
  save: (body: GlossarySave, opts?: CallOptions) => post<GlossaryTerm>(`${G}/save`, body, opts),
  remove: (id: number, baseRevision: number, opts?: CallOptions) => post<{ id: number }>(`${G}/delete`, { id, baseRevision }, opts),
};

/** The server's limits (server/README.md). */
export const LIMITS = { aliases: 20, alias: 64, definition: 300, term: 64, english: 128 };

export interface GlossaryFormValues {
  term: string;
  english: string;
  aliases: string[];
  definition: string;
  classId?: number;
}

export const emptyValues = (): GlossaryFormValues => ({ term: '', english: '', aliases: [], definition: '', classId: undefined });

export const valuesOf = (t: GlossaryTerm): GlossaryFormValues => ({
  term: t.term,
  english: t.english,
  aliases: [...t.aliases],
  definition: t.definition,
  classId: t.classId,
});

/** What 保存 sends: trimmed text, aliases without blanks or repeats, the revision the edit began from. */
export function savePayload(values: GlossaryFormValues, editing?: Pick<GlossaryTerm, 'id' | 'revision'>): GlossarySave {
  const term = values.term.trim();
  const aliases = [...new Set(values.aliases.map((a) => a.trim()).filter((a) => a && a !== term))];
  return {
    ...(editing ? { id: editing.id, baseRevision: editing.revision } : {}),
    term,
    english: values.english.trim(),
    aliases,
    definition: values.definition.trim(),
    classId: values.classId!,
  };
}

// An article's author line ("Emily A. Carter, M.D., 王建国, Ph.D., and Daniel Okafor, M.D., for the
// X Investigators") as CSL-JSON names. Western names are read by @citation-js/name (particles and
// suffixes included); a Chinese name is split after its surname.
import { parse as parseName } from '@citation-js/name';

export interface CslName {
  family?: string;
  given?: string;
  literal?: string;
  'non-dropping-particle'?: string;
  'dropping-particle'?: string;
  suffix?: string;
}

/** Academic degrees as the journal writes them after a name (M.D., Ph.D., M.P.H., Pharm.D., MBBS…). */
const DEGREE = /^(?:(?:[A-Z][A-Za-z]{0,5}\.){1,4}|MD|PhD|MPH|MSc|MS|BS|RN|DrPH|PharmD|MBBS|MBChB|FRCP|FRCPC|FACC|FACP|DPhil|DO|DDS|DMD|MA|BA|MB|BCh|BChir)$/;
/** Two-character Chinese surnames; any other Chinese name has a one-character surname. */
const COMPOUND_SURNAMES = new Set(['欧阳', '司马', '上官', '诸葛', '东方', '皇甫', '尉迟', '公孙', '慕容', '长孙', '宇文', '司徒', '夏侯', '令狐', '端木', '西门', '独孤', '南宫']);
const HAN = /\p{Script=Han}/u;
const HAN_ONLY = /^[\p{Script=Han}·]+$/u;

/** Whether a text has Chinese characters (a Chinese author line cannot be an English original's). */
export const hasHan = (text: string) => HAN.test(text);

function chineseName(name: string): CslName {
  if (name.length < 2 || name.includes('·')) return { literal: name };
  const surname = name.length > 2 && COMPOUND_SURNAMES.has(name.slice(0, 2)) ? name.slice(0, 2) : name.slice(0, 1);
  return { family: surname, given: name.slice(surname.length) };
}

function personOrGroup(part: string): CslName | undefined {
  const name = part.replace(/\s+/g, ' ').trim();
  if (!name || DEGREE.test(name)) return undefined;
  if (HAN_ONLY.test(name)) return chineseName(name);
  // Anything longer than a person's name is a group's ("Writing Committee of the X Study Group").
  if (name.split(' ').length > 5) return { literal: name };
  const parsed = parseName(name) as CslName | undefined;
  return parsed && (parsed.family || parsed.literal) ? parsed : { literal: name };
}

/** The names of an author line, in order, without degrees; '' gives none. */
export function authorNames(line: string): CslName[] {
  // A group the authors write for ("…, for the X Trial Committee and Investigators") ends the line
  // and may itself contain "and".
  const group = /(?:^|[,，]?\s+)(?:for|on behalf of)\s+(?:the\s+)?(.+)$/i.exec(line);
  const people = group ? line.slice(0, group.index) : line;
  const names = people
    .split(/\s*[,，、;；]\s*(?:and\s+)?|\s+and\s+/)
    .map(personOrGroup)
    .filter((n): n is CslName => n !== undefined);
  return group ? [...names, { literal: group[1]!.trim() }] : names;
}

// 会员方案: the membership routes of the editorial console (server/src/modules/editorial/plansRoutes.ts,
// /api/editor/plans/*, admins only): plans and prices, the benefits list, the FAQ and the agreement,
// with the pure helpers the forms use.
import { post, type CallOptions } from '@qianyan/shared/core';

const P = '/api/editor/plans';

export interface ConsolePlan {
  id: number;
  type: number;
  title: string;
  priceFen: number;
  months: number;
  pcImg: string;
  mobileImg: string;
  intro: string;
  equityIds: number[];
  enabled: 0 | 1;
  revision: number;
  updatedAtShanghai: string;
}

export interface Benefit {
  id?: number;
  icon: string;
  title: string;
  infos: string;
}

export interface FaqItem {
  title: string;
  content: string;
}

export interface PlanList {
  plans: ConsolePlan[];
  benefits: Benefit[];
  benefitsVersion: string;
}

export interface SubscribeTexts {
  faq: FaqItem[];
  faqVersion: string;
  agreement: { title: string; content: string };
  agreementVersion: string;
}

export type PlanSave = Pick<ConsolePlan, 'id' | 'title' | 'priceFen' | 'pcImg' | 'mobileImg' | 'intro' | 'equityIds'> & { baseRevision: number };

export const plansApi = {
  list: (opts?: CallOptions) => post<PlanList>(`${P}/list`, {}, opts),
  save: (body: PlanSave, opts?: CallOptions) => post<ConsolePlan>(`${P}/save`, body, opts),
  setSale: (id: number, enabled: 0 | 1, opts?: CallOptions) => post<ConsolePlan>(`${P}/sale`, { id, enabled }, opts),
  saveBenefits: (baseVersion: string, items: Benefit[], opts?: CallOptions) =>
    post<Pick<PlanList, 'benefits' | 'benefitsVersion'>>(`${P}/benefits/save`, { baseVersion, items }, opts),
  texts: (opts?: CallOptions) => post<SubscribeTexts>(`${P}/texts`, {}, opts),
  saveFaq: (baseVersion: string, items: FaqItem[], opts?: CallOptions) => post<SubscribeTexts>(`${P}/faq/save`, { baseVersion, items }, opts),
  saveAgreement: (baseVersion: string, title: string, content: string, opts?: CallOptions) =>
    post<SubscribeTexts>(`${P}/agreement/save`, { baseVersion, title, content }, opts),
};

/** Fen as yuan with two decimals: 3500 → ¥35.00. */
export const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** The price rule the server applies (a whole number of fen above 0, at most 100 000 000). */
export const priceProblem = (v: unknown): boolean => typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > 100_000_000;

/** What saving a plan sends: the form's values, trimmed, with the plan's id and the revision it began from. */
export function planPayload(plan: ConsolePlan, values: Pick<ConsolePlan, 'title' | 'priceFen' | 'pcImg' | 'mobileImg' | 'intro' | 'equityIds'>): PlanSave {
  return {
    id: plan.id,
    baseRevision: plan.revision,
    title: values.title.trim(),
    priceFen: values.priceFen,
    pcImg: (values.pcImg ?? '').trim(),
    mobileImg: (values.mobileImg ?? '').trim(),
    intro: (values.intro ?? '').trim(),
    equityIds: values.equityIds ?? [],
  };
}

// 会员: the members routes of the editorial console (server/src/modules/editorial/membersRoutes.ts,
// /api/editor/members/*): editors and admins find and view readers; admins extend, grant or end a
// membership (a reason required) and end a reader's sessions, each sent with a request id so a
// double click or a retry is applied once.
import { post, type CallOptions } from '@qianyan/shared/core';
import type { Page } from '../../api';

const P = '/api/editor/members';

export interface MemberSubscription {
  serviceType: number;
  serviceTitle: string;
  serviceEndDate: string;
}

export interface MemberRow extends MemberSubscription {
  id: number;
  username: string;
  truename: string;
  mobile: string;
  email: string;
  identity: string;
  createdAt: string;
}

export interface MemberDetail {
  profile: MemberRow & { roleid: number; region: string; organisation: string; jobname: string };
  subscription: MemberSubscription & { autoRenew: number; open: boolean };
  periods: { id: number; serviceType: number; title: string; kind: string; startsAt: string; endsAt: string; ordersn: string; current: boolean }[];
  orders: { ordersn: string; title: string; priceFen: number; status: number; kind: string; payProvider: string; createdAt: string; paidAt: string; refundedAt: string }[];
  freeReads: { month: string; kind: string; itemId: number; title: string; claimedAt: string }[];
  sessions: { id: number; createdAt: string; expiresAt: string; ip: string; device: string }[];
  plans: { id: number; type: number; title: string; months: number }[];
  can: { change: boolean };
}

export interface MemberActionResult extends Omit<MemberSubscription, 'serviceTitle'> {
  action: string;
  memberId: number;
  sessionsEnded: number;
  replayed: boolean;
}

interface Keyed {
  memberId: number;
  requestId: string;
}

export const membersApi = {
  search: (query: { q?: string; pageNo?: number; pageSize?: number }, opts?: CallOptions) => post<Page<MemberRow>>(`${P}/search`, query, opts),
  detail: (id: number, opts?: CallOptions) => post<MemberDetail>(`${P}/detail`, { id }, opts),
  extend: (body: Keyed & { days: number; reason: string }, opts?: CallOptions) => post<MemberActionResult>(`${P}/extend`, body, opts),
  grant: (body: Keyed & { planId: number; days?: number; reason: string }, opts?: CallOptions) => post<MemberActionResult>(`${P}/grant`, body, opts),
  end: (body: Keyed & { reason: string }, opts?: CallOptions) => post<MemberActionResult>(`${P}/end`, body, opts),
  endSessions: (body: Keyed & { reason?: string }, opts?: CallOptions) => post<MemberActionResult>(`${P}/sessions/end`, body, opts),
};

/** A request id for one action (kept while its form is open, so a second click sends the same). */
export function newRequestId(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  return `r${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
}

// Business constants of spec §9 and the lookup tables of §2.3 / §3.

export const SESSION_LIFETIME_MS = 6 * 60 * 60 * 1000;
export const CODE_COUNTDOWN_SECONDS = 59;
export const PASSWORD_MIN_LENGTH = 6;
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const SEARCH_HISTORY_LIMIT = 10;
export const SEARCH_DEBOUNCE_MS = 800;
export const RELOAD_AFTER_LOGIN_MS = 300;
export const PAYMENT_POLL_MS = 5000;
export const TOAST_SECONDS = 2.5;
export const TOAST_MAX_COUNT = 3;
export const CAROUSEL_DELAY_MS = 10_000;
export const HEADER_AD_HEIGHT_PX = 100;
/**
 * A closed header advert stays closed for the rest of the visit: a session cookie holds its id, which
 * the chrome reads, and the server too (server/src/plugins/firstView.ts), so it draws no advert into
 * the next page. Another advert shows again.
 */
export const HEADER_AD_CLOSED_COOKIE = 'qy_ad_closed';
export const AUTHOR_PREVIEW_COUNT = 3;
export const AUTHOR_PREVIEW_CHARS = 100;
export const MONTHLY_FREE_READS = 1;
export const PLAYBACK_RATES = [0.5, 1, 1.5, 2] as const;
export const ARTICLE_LIST_PAGE_SIZE = 20;
export const COURSE_LIST_PAGE_SIZE = 9;

/** Layout breakpoints of the spec (px): under these widths the layout changes. */
export const BREAKPOINTS = { wide: 1080, medium: 992, narrow: 768 } as const;

/** Professional-field code → article class id (§2.3). */
export const FIELD_CODE_TO_CLASS_ID: Record<number, number> = {
  10: 4, 20: 2, 30: 3, 40: 7, 50: 8, 60: 1, 70: 9,
};

export const SOURCE = {
  commentary: 1,
  journal: 5,
  digest: 6,
  animation: 7,
  audio: 8,
  clinicalResearch: 9,
  catalyst: 10,
  evidence: 11,
} as const;

export interface ListTab {
  /** Filter id sent as articleFilterIds. */
  id: number;
  label: string;
}

/** Article list pages of §2.10: their source and tabs (tab ids follow the filter ids of §3). */
export const ARTICLE_LIST_PAGES = {
  '/nejm-list': {
    sourceId: SOURCE.journal,
    withClassFilter: true,
    tabs: [
      { id: 1, label: '综述类' }, { id: 2, label: '临床病例类' }, { id: 3, label: '论著类' },
      { id: 4, label: '评论类' }, { id: 5, label: '其他' },
    ],
  },
  '/nejm-catalyst-list': {
    sourceId: SOURCE.catalyst,
    withClassFilter: false,
    tabs: [
      { id: 19, label: '案例报告' }, { id: 20, label: '论文' }, { id: 21, label: '深度论文' },
      { id: 22, label: '特刊专栏' },
    ],
  },
  '/nejm-evidence-list': {
    sourceId: SOURCE.evidence,
    withClassFilter: false,
    tabs: [
      { id: 23, label: '综述类' }, { id: 24, label: '病例类' }, { id: 25, label: '论著类' },
      { id: 26, label: '评论类' }, { id: 27, label: '其他' },
    ],
  },
  '/nejm-periodical-list': {
    sourceId: SOURCE.digest,
    withClassFilter: true,
    tabs: [
      { id: 6, label: '临床指南' }, { id: 7, label: '对临床实践的启示' }, { id: 8, label: '临床实践的改变' },
      { id: 15, label: '新兴领域' }, { id: 16, label: '其他' },
    ],
  },
} as const satisfies Record<string, { sourceId: number; withClassFilter: boolean; tabs: readonly ListTab[] }>;

export type ArticleListPath = keyof typeof ARTICLE_LIST_PAGES;

/** Service types (§3). */
export const SERVICE_TYPE = {
  none: 0,
  monthly: 1,
  yearly: 2,
  continuousMonthly: 3,
  continuousYearly: 4,
  expired: 6,
} as const;

/** roleid by identity (§3 Options). */
export const ROLE_BY_IDENTITY: Record<string, 0 | 1 | 5> = {
  执业医师: 1,
  医学生: 5,
  其他: 0,
};

/** Profile options (§3 Options): the stored value is the label itself. */
export const IDENTITY_OPTIONS = ['执业医师', '医学生', '其他'] as const;
export const JOB_LEVEL_OPTIONS = ['未定级（在读本科或研究生）', '住院医师（初级）', '主治医师（中级）', '副主任医师（副高）', '主任医师（正高）'] as const;
export const JOB_TITLE_OPTIONS = ['院长', '副院长', '科主任', '科副主任', '普通医生', '护士', '药师或职员', '其他'] as const;
export const EDUCATION_OPTIONS = ['大专以下', '大专', '本科', '硕士', '博士', '博士后'] as const;

/**
 * codeType of base/sendCode* and base/checkCode: what a code may be used for. A code is bound to its
 * phone or e-mail and to this purpose (see README "Verification codes").
 */
export const CODE_TYPE = {
  register: 0,
  /** Account side: changing the mobile or e-mail of the logged-in member. */
  change: 1,
  reset: 2,
  login: 3,
  /** Binding a phone after a messaging-app (WeChat) login. */
  bind: 4,
} as const;
export type CodeType = (typeof CODE_TYPE)[keyof typeof CODE_TYPE];


/**
 * The about page's service key (§2.5): the registration terms links store 2 (terms of service and
 * privacy policy) or 9 (user agreement) in session storage under this name before opening /about,
 * which selects that section and clears the key on leaving.
 */
export const ABOUT_SERVICE_KEY_STORAGE = 'serviceKey';
export const ABOUT_SERVICE_KEY = { termsAndPrivacy: 2, userAgreement: 9 } as const;

// Entity and wire types shared by every app and mirrored by the server's reply schemas.
// Field names follow the product specification (§3), including its historical spellings
// (servicelsit, articalClassId, qa_lsit) because clients and the provider endpoint use them.

/** The API envelope of every /api reply (ARCHITECTURE §3.1). */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** 0 registered without paid service, 1 monthly, 2 yearly, 3 continuous monthly, 4 continuous yearly, 6 expired. */
export type ServiceType = 0 | 1 | 2 | 3 | 4 | 6;

/** roleid by identity: doctor 1, student 5, other 0. */
export type RoleId = 0 | 1 | 5;

export interface SubscribeInfo {
  service_type: ServiceType;
  /** ISO-8601 instant, or null when the member never subscribed. */
  service_end_date: string | null;
}

/** The user kept in the session after login or getMemberInfo. */
export interface SessionUser {
  id: number;
  membername: string;
  truename: string;
  /** '' when not chosen yet. */
  identity: string;
  roleid: RoleId;
  avatar: string;
  mobile?: string;
  email?: string;
  subscribe_info: SubscribeInfo;
  subscribePo?: { serviceEndDate: string | null; serviceTitle?: string };
  ifNeedUpdate: 0 | 1;
}

/** Reply of /api/login/login: the user plus the opaque session token. */
export interface LoginReply extends SessionUser {
  token: string;
}

export interface Page {
  total: number;
  pages: number;
  pageNo: number;
  pageSize: number;
}

export interface PageResult<T> {
  results: T[];
  page: Page;
}

export interface ArticleClass {
  id: number;
  classname: string;
  /** Professional-field code (10..70) that maps to this class. */
  code: number;
  /** Number of courses in this class. */
  num: number;
  xcxIconSe: string;
}

/** Access level of an article, decided on the server (ARCHITECTURE §3.3). */
export type AccessLevel = 'public' | 'login' | 'member';

/** One row of an article list (§2.10). Never carries the body or media URLs. */
export interface ArticleListItem {
  id: number;
  title: string;
  outtitle: string;
  author: string;
  pcauthor: string;
  intro: string;
  postdate: string;
  pubdate: string;
  classNames: string;
  typeName: string;
  filterName: string;
  typeid: number;
  sourceid: number;
  sourceName: string;
  permalinks: string;
  thumb: string;
  haswantsay: 0 | 1;
  accessLevel: AccessLevel;
  /** 0 when the caller has not collected it (always 0 for visitors). */
  ifCollect: number;
}

export interface ArticleListQuery {
  pageNo: number;
  pageSize: number;
  sourceIds?: number[];
  /** 0 newest first, 1 oldest first, 2 most read. */
  sortType?: 0 | 1 | 2;
  /** YYYYMMDD */
  startDate?: string;
  /** YYYYMMDD */
  endDate?: string;
  articleClassIds?: number[];
  articleFilterIds?: number[];
  articleTypeIds?: number[];
  articleIds?: number[];
  haswantsay?: 0 | 1;
  memberId?: number;
}

/** Lesson or course card (§3). coverPc / coverMobile are JSON text lists of {path|url}. */
export interface LessonCard {
  id: number;
  lessonResId: number;
  title: string;
  subhead: string;
  publishdate: string;
  createTime: string;
  subjectSerType: 1 | 2 | 3 | 4 | 5;
  subjectType: number;
  ifViewAuth: 1 | 2;
  coverPc: string;
  coverMobile: string;
  classNames: string;
  outsideChain: string;
  ifFav: number;
}

export interface LessonListQuery {
  pageNo: number;
  pageSize: number;
  lessonStatus?: 1;
  subjectSerType?: number[];
  articalClassId?: number;
  articalClassIds?: number[];
  sortType?: number;
  startDate?: string;
  endDate?: string;
  searchInfo?: string;
  memberId?: number;
}

/** Reply shape of the membership endpoint (/index.php, ARCHITECTURE §3.2). */
export interface ProviderReply {
  result: number | string;
  msg: string;
}

export interface ServicePlan {
  id: number;
  /** service type 1..4 */
  type: 1 | 2 | 3 | 4;
  title: string;
  /** Price in yuan as a display string, e.g. "25.00". */
  price: string;
  /** Price in fen, the unit every computation uses. */
  price_fen: number;
  pc_img: string;
  mobile_img: string;
  /** Comma list of equity ids this plan includes. */
  member_equity_id: string;
  intro: string;
}

export interface EquityItem {
  id: number;
  icon: string;
  title: string;
  infos: string;
}

export interface ServiceListReply extends ProviderReply {
  servicelsit: ServicePlan[];
  equitylist: EquityItem[];
}

/** Access flag: is_subscribe 1 non-subscriber or limited, 2 subscriber or full (§3 Access parameters). */
export type SubscribeFlag = 1 | 2;
/** Access flag: is_have_view_auth 1 yes, 2 not yet authorised. */
export type ViewAuthFlag = 1 | 2;
/** Access flag: is_month_chance 1 used up, 2 one free read left. */
export type MonthChanceFlag = 1 | 2;

/**
 * Article detail (§3 Article) as /api/article/getArticleDetail* reply. The server decides access:
 * when the reader may not read it, `content` is '' and `contentLocked` is true, and `wantsay` holds
 * only its free part (`wantsayTruncated` true).
 */
export interface ArticleDetail extends ArticleListItem {
  /** Body HTML (editorial content); '' when locked. */
  content: string;
  /** Commentary HTML; only the free part when `wantsayTruncated`. */
  wantsay: string;
  wantsayTitle: string;
  wantsayTruncated: boolean;
  contentLocked: boolean;
  coi: string;
  hascoi: 0 | 1;
  keyword: string;
  /** References (HTML). */
  aboutcontent: string;
  appendix: string;
  thank: string;
  videoUrl: string;
  /** Link to the original article, '' when none. */
  outlink: string;
  relationArticleIds: string;
  professionalTitle: string;
  is_subscribe: SubscribeFlag;
  is_have_view_auth: ViewAuthFlag;
  is_month_chance: MonthChanceFlag;
}

/** Reply of the provider call program/articleUseMonthChance (§7.6): result '1' means ok. */
export interface MonthChanceReply extends ProviderReply {
  /** The unlocked body HTML. */
  article_content?: string;
  /** The full commentary HTML. */
  wantsay?: string;
}

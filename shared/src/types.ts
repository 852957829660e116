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
  /**
   * 1 while a continuous plan (3, 4) is signed and renews itself; 0 otherwise: never signed, or
   * cancelled (取消自动续费), and then access ends at service_end_date. The server always sends it;
   * it is optional because a session stored before the field existed lacks it.
   */
  auto_renew?: 0 | 1;
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
  /**
   * The month's free read, sent only to a reader without an active membership: left this month
   * (1 while is_month_chance is 2, else 0) and renews_on, YYYY-MM-DD, the first day of the next
   * month in Asia/Shanghai. Also absent from a session stored before the field existed.
   */
  free_read?: FreeRead;
}

export interface FreeRead {
  remaining: 0 | 1;
  renews_on: string;
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

/** Reply of selectArticleList: a page of articles; a search may add didYouMean. */
export interface ArticleListPage extends PageResult<ArticleListItem> {
  /** A search only: for a misspelled English term, the medical glossary's nearest English term or abbreviation. */
  didYouMean?: string;
}

/** A filter option of selectArticleFilter (§3): the tabs of a source (journal 1–5, digest 6, 7, 8, 15, 16, …). */
export interface ArticleFilter {
  id: number;
  filtername: string;
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
  /** Search replies only: the matches of the query, HTML whose only tags are <em> (SearchHighlight). */
  highlight?: SearchHighlight;
}

/** Highlighted matches of a search result: escaped text with <em> around each match. */
export interface SearchHighlight {
  title?: string;
  intro?: string;
  snippet?: string;
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
  /** Search (§3 Search request): the query text; a non-blank one makes the list a search. */
  searchInfo?: string;
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
  /** Search replies only: the matches of the query (SearchHighlight). */
  highlight?: SearchHighlight;
}

/** A child lesson in a series' catalogue (§2.11). */
export interface ChildLesson {
  id: number;
  lessonResId: number;
  title: string;
  subhead: string;
  publishdate: string;
  subjectSerType: number;
  subjectType: number;
  coverPc: string;
  coverMobile: string;
}

/** Lesson resource detail (§3) with the reader's access flags (ARCHITECTURE §3.3). */
export interface LessonDetail extends LessonCard {
  /** JSON text list of {url, fileType}; '[]' when the reader may not watch. */
  media: string;
  /** Rich text; '' when the reader may not watch. */
  content: string;
  aboutcontent: string;
  viewCount: number;
  parentLessonResId: number | null;
  articalClassIds: number[];
  items: { articalClassId: number; classname: string }[];
  childLessonList: ChildLesson[];
  memberOnly: number;
  /** Why the reader may not watch: '' when they may. */
  blockedBy: '' | 'login' | 'profile' | 'member';
  is_subscribe: 1 | 2;
  is_have_view_auth: 1 | 2;
  is_month_chance: 1 | 2;
}

export interface LessonCount {
  total: number;
  video: number;
  imageText: number;
  list: number;
}

/** Conference (§3): lessAdvStatus 2 upcoming (notice), 1 past (review). */
export interface ConferenceCard {
  lessonAdvId: number;
  id: number;
  title: string;
  subhead: string;
  sponsor: string;
  imgPc: string;
  articelClassName: string;
  beginTime: string;
  endTime: string;
  lessAdvStatus: 1 | 2;
  ifFav: number;
}

export interface ConferenceDetail extends ConferenceCard {
  content: string;
  /** JSON text list of {url, fileType}; '[]' for a visitor. */
  media: string;
}

export interface ConferenceListQuery {
  pageNo: number;
  pageSize: number;
  lessAdvStatus?: 1 | 2;
  articalClassIds?: number[];
  memberId?: number;
}

export interface ConferenceSubject {
  id: number;
  classname: string;
  num: number;
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
  /**
   * The English original (bilingual reading), gated as the Chinese: enBody '' when contentLocked,
   * enWantsay only its free part when enWantsayTruncated. Top-level blocks of enBody and content
   * (and of enWantsay and wantsay) pair by position (docs/decisions.md "Bilingual reading").
   */
  hasEnglish: 0 | 1;
  enAuthors: string;
  enAbstract: string;
  enBody: string;
  enWantsay: string;
  enWantsayTruncated: boolean;
  enReferences: string;
}

/** Reply of the provider call program/articleUseMonthChance (§7.6): result '1' means ok. */
export interface MonthChanceReply extends ProviderReply {
  /** The unlocked body HTML. */
  article_content?: string;
  /** The full commentary HTML. */
  wantsay?: string;
}

// ---------------------------------------------------------------------------------------------
// Accounts (issue "Accounts"): codes, registration, login variants, single sign-on, profile,
// regions and uploads. The server's TypeBox schemas mirror these (server/test/wire-types.check.ts).

/** GET /api/captchaImage: an arithmetic picture (PNG data URL or base64) and its single-use id. */
export interface CaptchaReply {
  /** `data:image/...;base64,...` ready for an <img src>. */
  img: string;
  uuid: string;
}

/** Body of base/sendCode (SMS), sendCode2 (e-mail) and sendCode3 (account side, logged in). */
export interface SendCodeBody {
  phoneNo?: string;
  email?: string;
  /** Captcha id from captchaImage; required for every SMS send. */
  uuid?: string;
  /** The captcha answer (the calculated result). */
  code?: string;
  /** CODE_TYPE: 0 register, 1 change, 2 reset, 3 login, 4 bind. */
  codeType: number;
}

/** Body of base/checkCode: verifies (and consumes) a code for one phone or e-mail and purpose. */
export interface CheckCodeBody {
  code: string;
  phoneNo?: string;
  email?: string;
  codeType: number;
}

/**
 * Reply of base/checkCode: truthy when the code was right. `verifyToken` proves the verification
 * for 15 minutes, once, for the same phone or e-mail and purpose; register, forgetPassword* and
 * updatePhoneNoOrEmail take it instead of the code.
 */
export interface CheckCodeReply {
  verified: true;
  verifyToken: string;
}

/** POST /api/user/register: mobile or email (the verified one), username, password. Logs in. */
export interface RegisterBody {
  mobile?: string;
  email?: string;
  membername: string;
  password: string;
  verifyToken: string;
}

/** POST /api/login/loginWithoutPwd: log in with a code sent by sendCode/sendCode2 (codeType 3). */
export interface LoginWithoutPwdBody {
  phoneNo?: string;
  email?: string;
  code: string;
  /** The 图片验证码, asked for past the failure limits (CODE_CAPTCHA_REQUIRED): its uuid and answer. */
  uuid?: string;
  captchaCode?: string;
}

/** POST /api/login/login. uuid and code: the 图片验证码, asked for past the failure limits (CODE_CAPTCHA_REQUIRED). */
export interface LoginBody {
  accountName: string;
  password: string;
  uuid?: string;
  code?: string;
}

export interface ForgetPasswordPhoneBody {
  phoneNo: string;
  verifyToken: string;
  password: string;
}

export interface ForgetPasswordEmailBody {
  email: string;
  verifyToken: string;
  password: string;
}

/** GET /api/wechat/authorizeUrl: where to send the browser for messaging-app authorisation. */
export interface WechatAuthorizeReply {
  /** The provider's authorize page (the local simulator by default); it returns to /wechat/wxlogin?code=&state=. */
  url: string;
  state: string;
}

/**
 * GET /api/wechat/checkCode (code, state, iswx): `result` true means the messaging-app account is not
 * bound yet (go to /wxloginBindPhone?code=); otherwise the member is logged in and the reply carries
 * the login reply with `tokenString` (= token).
 */
export type WechatCheckReply = { result: true; tokenString?: undefined } | (LoginReply & { result: false; tokenString: string });

/** GET /api/wechat/wxlogin (code, phone, verifyCode, iswx): binds the phone and logs in. */
export interface WechatLoginReply extends LoginReply {
  /** 1 when the account was created now (go to profile completion), 0 for a returning member. */
  newFlag: 0 | 1;
}

/** GET /api/authLogin/getToken: a short-lived single-sign-on ticket for outside links. */
export interface SsoTokenReply {
  /** Appended to outside links as the `nejmjmedssodata` query parameter. */
  result: string;
}

/** A region node of GET /api/jhRegion/getTree (province → city → district), codes as GB/T 2260. */
export interface RegionNode {
  code: string;
  name: string;
  children?: RegionNode[];
}

/** An institution of jhHospital/selectAll or jhUniversity/selectAll. */
export interface Institution {
  id: number;
  name: string;
  p_code: string;
  c_code: string;
  a_code?: string;
}

/** A node of GET /api/jhDepartment/getTree; `division` stores the leaf's name. */
export interface DepartmentNode {
  id: number;
  name: string;
  children?: DepartmentNode[];
}

/** The full profile (§3 Profile): POST /api/user/getUserInfo, and the body of completeUserInfo. */
export interface Profile {
  id: number;
  membername: string;
  truename: string;
  avatar: string;
  mobile: string;
  email: string;
  roleid: RoleId;
  /** '' | 执业医师 | 医学生 | 其他 */
  identity: string;
  /** Region codes of the chosen city: province, city, district ('' when none). */
  provinceId: string;
  cityId: string;
  districtId: string;
  /** The joined id string, e.g. "110000,110100,110101". */
  cityidspliter: string;
  /** The joined name path, e.g. "北京市/市辖区/东城区". */
  cityName: string;
  hospital: string;
  division: string;
  joblevel: string;
  jobname: string;
  university: string;
  majors: string;
  /** '' when not set. */
  entranceYear: string;
  qualification: string;
  otherCompany: string;
  otherDepartment: string;
  otherJobname: string;
  important: string;
  ifReceiveNejm: 0 | 1;
  ifReceiveJh: 0 | 1;
  ifReceiveDsf: 0 | 1;
  /** 1 only when all three consents are off. */
  emailUnsubscribe: 0 | 1;
  ifNeedUpdate: 0 | 1;
  subscribePo: { serviceTitle: string; serviceEndDate: string | null };
  subscribe_info: SubscribeInfo;
}

/** Body of POST /api/user/completeUserInfo (roleid is derived on the server from identity). */
export type CompleteUserInfoBody = Pick<
  Profile,
  | 'truename'
  | 'identity'
  | 'provinceId'
  | 'cityId'
  | 'districtId'
  | 'hospital'
  | 'division'
  | 'joblevel'
  | 'jobname'
  | 'university'
  | 'majors'
  | 'entranceYear'
  | 'qualification'
  | 'otherCompany'
  | 'otherDepartment'
  | 'otherJobname'
  | 'ifReceiveNejm'
  | 'ifReceiveJh'
  | 'ifReceiveDsf'
> & { important?: string };

/** POST /api/user/updatePassword. */
export interface UpdatePasswordBody {
  oldPassword: string;
  newPassword: string;
  checknewPassword: string;
  /** The 图片验证码, asked for past the failure limits (CODE_CAPTCHA_REQUIRED). */
  uuid?: string;
  code?: string;
}

/** POST /api/user/updatePhoneNoOrEmail: the new mobile or e-mail, verified by checkCode (codeType 1). */
export interface UpdatePhoneNoOrEmailBody {
  phoneNo?: string;
  email?: string;
  verifyToken: string;
}

/** POST /api/user/updateSubscribe: the three consents; ticking saves at once. */
export interface UpdateConsentBody {
  ifReceiveNejm: 0 | 1;
  ifReceiveJh: 0 | 1;
  ifReceiveDsf: 0 | 1;
}

/** One entry of the POST /api/File/uploadFile reply (data[0]). */
export interface UploadResult {
  name: string;
  url: string;
  type: string;
  /** 300 px wide thumbnail. */
  thumbUrl: string;
}

/** Query of the favourite and reading lists (§7.5): dates YYYYMMDD. */
export interface MyListQuery {
  pageNo: number;
  pageSize: number;
  startDate?: string;
  endDate?: string;
  articleClassIds?: number[];
  sourceIds?: number[];
  subjectSerType?: number[];
}

/** An entry of the local outbox (SMS and e-mail sent by the local providers; not in production). */
export interface OutboxMessage {
  id: number;
  channel: 'sms' | 'email';
  to: string;
  subject: string;
  body: string;
  /** The code the message carries, when it carries one. */
  code: string | null;
  /** An e-mail's HTML part, when it has one. */
  html: string | null;
  /** An e-mail's extra header fields, e.g. List-Unsubscribe and List-Unsubscribe-Post ({} when none). */
  headers: Record<string, string>;
  sentAt: string;
}

// ---------------------------------------------------------------------------------------------
// Membership and payment (issue "Membership and payment"): orders, shipping address, FAQ, payment
// by WeChat Pay or Alipay (or the local sandbox cashier), QR-code records of the desktop Alipay flow.
// Every reply is the provider shape of /index.php (ARCHITECTURE §3.2): result 1 on success,
// otherwise result 0 and a Chinese msg. The server's TypeBox schemas mirror these
// (server/test/wire-types-payment.check.ts).

/** A plan's service type (§3 Service type): 1 monthly, 2 yearly, 3 continuous monthly, 4 continuous yearly. */
export type PlanType = 1 | 2 | 3 | 4;

/** Order state: 0 awaiting payment, 1 paid, 2 closed (cancelled or expired unpaid), 3 refunded. */
export type OrderStatus = 0 | 1 | 2 | 3;

/** How an order was (or is being) paid: WeChat Pay or Alipay; '' while no payment was started. */
export type PayChannel = 'wechat' | 'alipay' | '';

/** One order of program/getServiceOrderList (§3 Order). */
export interface ServiceOrder {
  id: number;
  ordersn: string;
  /** When the order was made, Asia/Shanghai, 'YYYY-MM-DD HH:mm:ss'. */
  ordertime: string;
  /** The plan (service_plans id) and its type. */
  service_id: number;
  service_type: PlanType;
  service_title: string;
  /** Amount in yuan as a display string, e.g. "35.00". */
  price: string;
  price_fen: number;
  service_pc_img: string;
  service_mobile_img: string;
  status: OrderStatus;
  /** 待支付, 已支付, 已关闭 or 已退款. */
  status_text: string;
  pay_channel: PayChannel;
  /** When it was paid, 'YYYY-MM-DD HH:mm:ss' (Asia/Shanghai); '' when unpaid. */
  paytime: string;
  /** The membership period it paid for (ISO-8601), '' when none (unpaid, refunded). */
  period_start: string;
  period_end: string;
  /** 1 for a renewal charged by a continuous plan's agreement, 0 for a purchase. */
  is_renewal: 0 | 1;
}

/** program/getServiceOrderList (page from 1, per_page 3 or 10): the caller's orders, newest first. */
export interface ServiceOrderListReply extends ProviderReply {
  items: ServiceOrder[];
  total_count: number;
  page: number;
  per_page: number;
}

/**
 * Shipping address for the yearly plans' gifts (§3 Shipping address). Region ids are the
 * GB/T 2260 codes of /api/jhRegion/getTree as numbers (province 110000, city 110100, district 110101).
 */
export interface ShippingAddress {
  pro_id: number;
  city_id: number;
  area_id: number;
  pro_name: string;
  city_name: string;
  area_name: string;
  /** Recipient. */
  sh_name: string;
  /** Recipient's phone, 11 digits starting with 1. */
  sh_phone: string;
  /** Detailed address (street, building, room). */
  sh_address: string;
}

/** program/getMyAddress: the caller's address, or null when none has been saved. */
export interface MyAddressReply extends ProviderReply {
  item: ShippingAddress | null;
}

/** Body of program/addOrModifyAddress (POST JSON): the whole address; saving replaces the old one. */
export type AddressBody = ShippingAddress;

/** program/addOrModifyAddress: msg 保存成功 and the saved address. */
export interface SaveAddressReply extends ProviderReply {
  item: ShippingAddress;
}

/** One question of the subscription FAQ. */
export interface SubscribeQa {
  id: number;
  /** The question. */
  title: string;
  /** The answer (plain text, paragraphs separated by newlines). */
  content: string;
}

/** The membership service agreement linked from the subscription screen. */
export interface SubscribeAgreement {
  title: string;
  /** HTML. */
  content: string;
}

/** program/getsubscribeQaList: the FAQ (qa_lsit, the provider's spelling) and the agreement (xieyi). */
export interface SubscribeQaListReply extends ProviderReply {
  qa_lsit: SubscribeQa[];
  xieyi: SubscribeAgreement;
}

/** program/getServiceInfo (id = plan id): the plan; `data.type` picks the Alipay flow (3 and 4 sign-pay). */
export interface ServiceInfoReply extends ProviderReply {
  data: ServicePlan;
}

/**
 * pay/index (service_id): a desktop WeChat Pay QR code. `code_url` is what the QR encodes (a
 * weixin://wxpay/… link, or the sandbox cashier's page); `paycode` is that QR as a PNG data URL.
 * Poll pay/notifypay with `ordersn` every 5 s. Asking twice for the same plan reuses the open order.
 */
export interface PayQrReply extends ProviderReply {
  paycode: string;
  code_url: string;
  ordersn: string;
}

/** pay/h5index (service_id): WeChat Pay in a phone browser; send the browser to `h5_url`, then poll. */
export interface PayH5Reply extends ProviderReply {
  h5_url: string;
  ordersn: string;
}

/**
 * pay/notifypay (ordersn): result 1 (msg 支付成功) once the order is paid; otherwise result 0 with
 * msg 订单未支付, 订单已关闭, 订单已退款 or 订单不存在 (also for another member's order).
 */
export interface PayStatusReply extends ProviderReply {
  ordersn?: string;
  status?: OrderStatus;
}

/**
 * program/cancelAutoRenew: msg 已取消自动续费 and the member's renewal state after the call
 * (auto_renew 0; the paid time stays, so access ends at service_end_date). Calling it again once
 * cancelled gives the same reply; a member who never signed gets result 0, 您当前没有开通自动续费.
 */
export interface AutoRenewReply extends ProviderReply {
  auto_renew: 0 | 1;
  service_type: ServiceType;
  service_end_date: string | null;
}

/**
 * pay/orderJsApiPay (openid, service_id): the parameters of WeixinJSBridge getBrandWCPayRequest
 * inside WeChat's browser. With the local sandbox, `cashier_url` is set instead of a real bridge
 * call: open it to pay.
 */
export interface JsApiPayReply extends ProviderReply {
  ordersn: string;
  appId: string;
  timestamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
  cashier_url?: string;
}

/** pay/getJssdkConfig (url = the page URL without #): the wx.config parameters. */
export interface JssdkConfigReply extends ProviderReply {
  appId: string;
  timestamp: string;
  nonceStr: string;
  signature: string;
  jsApiList: string[];
}

/** pay/getOpenId (code from the official account's authorisation); failure msg 获取openId失败. */
export interface OpenIdReply extends ProviderReply {
  openid: string;
  unionid: string;
}

/**
 * alipay/memberOrderWapPay, memberOrderPagePay and memberOrderSignPay (service_id; optional
 * qrcode_id when paying from a scanned desktop QR): `form` is an HTML form that submits itself to
 * the cashier (Alipay's, or the local sandbox's); insert it into the page to go there. SignPay is
 * for service types 3 and 4 (pay and sign the renewal agreement).
 */
export interface AlipayFormReply extends ProviderReply {
  form: string;
  ordersn: string;
}

/** qrcode/createInfo (POST form: result_data = JSON {service_id, token}). */
export interface QrCreateReply extends ProviderReply {
  /** The QR record id. */
  id: number;
  /**
   * A payment-only token for the QR's URL /qrcode-member-ali-pay/{id}/{token}: it lets the phone
   * that scans it pay for this record's plan as the member who made it, and nothing else (30 minutes).
   */
  token: string;
  /** The page the QR should encode: /qrcode-member-ali-pay/{id}/{token} (same origin). */
  url: string;
}

/** The QR record: status '0' new, '1' scanned, '2' paid, '3' expired (strings, as the provider sends them). */
export interface QrInfo {
  id: number;
  status: '0' | '1' | '2' | '3';
  /** JSON text: {"service_id": …} (the token is never sent back). */
  result_data: string;
  /** The order made from the phone, '' until then: poll pay/notifypay with it. */
  ordersn: string;
}

/** qrcode/getInfo (id; the member's token or the QR's token). */
export interface QrInfoReply extends ProviderReply {
  data: QrInfo;
}

/** qrcode/updateStatus (id, status=1): marks the QR scanned; only 0 → 1 succeeds. */
export type QrUpdateReply = ProviderReply;

// ---- Home page and portal (spec §2.2, §2.5, §2.12, §3 Banner, Advert, Weekly record, Hot read item) ----

/** One banner picture (base/getBanner content). */
export interface BannerPicture {
  pic: string;
  title: string;
  intro: string;
  /** Where a click goes; may be empty. */
  url: string;
}

/** base/getBanner: the pictures of a code (home, classroom); empty content when the code has none. */
export interface BannerReply {
  code: string;
  content: BannerPicture[];
}

/** base/getModularSwitch: 1 on, 0 off (an unknown module is off). */
export interface ModularSwitchReply {
  moduleName: string;
  switchValue: 0 | 1;
}

export type AdvertPosition = 'bottom' | 'right-one' | 'right-two' | '页眉';

/** advert/selectAdvertList item; imgUrl is JSON text of [{url}]. */
export interface Advert {
  id: number;
  name: string;
  adUrl: string;
  imgUrl: string;
  advertPosition: string;
  ifPublish: number;
}

export interface AdvertListQuery {
  pageNo: number;
  pageSize: number;
  advertPosition: AdvertPosition;
}

/** Hot read relation types: 10 lesson, 20 meeting notice, 30 meeting review, 40 article. */
export type HotReadRelationType = 10 | 20 | 30 | 40;

/** hotRead/selectHotReadList item. */
export interface HotReadItem {
  /** Lesson resource id (10), conference id (20, 30) or article id (40). */
  id: number;
  relationType: HotReadRelationType;
  /** Article permalinks (40); empty otherwise. */
  permalinks: string;
  title: string;
  intro: string;
  cover: string;
  classNames: string;
  /** YYYY-MM-DD */
  date: string;
  /** Lessons: 1 login and a completed profile, 2 login only; others 0. */
  ifViewAuth: number;
  /** Articles: public, login or member; others empty. */
  accessLevel: string;
}

/** An article in a weekly record (list fields only; no body or media). */
export interface PeriodicalArticle {
  id: number;
  title: string;
  outtitle: string;
  author: string;
  intro: string;
  permalinks: string;
  sourceid: number;
  filterName: string;
  classNames: string;
  thumb: string;
  postdate: string;
  haswantsay: number;
  accessLevel: string;
}

export interface WeeklyPo {
  id: number;
  title: string;
  /** YYYY-MM-DD */
  thedate: string;
  /** Catalogue article permalinks, or empty. */
  catalogPermalinks: string;
}

/** A weekly record: articleMap by source, '0' catalogue, '5' journal, '6' digest, '7' animations, '1' commentaries. */
export interface WeeklyRecord {
  articleWeeklyPo: WeeklyPo;
  articleMap: Partial<Record<'0' | '1' | '5' | '6' | '7', PeriodicalArticle[]>>;
}

/** article/selectAbout item. */
export interface AboutPage {
  id: number;
  /** Section key used by /about?type=. */
  type: string;
  title: string;
  /** HTML */
  content: string;
  /** 2 terms of service, 9 privacy policy (the registration links' session key); 0 otherwise. */
  serviceKey: number;
}

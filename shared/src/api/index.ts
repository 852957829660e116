// Typed API functions: the only way apps reach the server (CONVENTIONS: no raw axios in components).
import { get, post, provider, type CallOptions } from './http';
import { getMemberId, getToken } from '../session/store';
import type {
  AboutPage,
  Advert,
  AdvertListQuery,
  BannerReply,
  HotReadItem,
  ModularSwitchReply,
  WeeklyRecord,
  CaptchaReply,
  CheckCodeBody,
  CheckCodeReply,
  CompleteUserInfoBody,
  DepartmentNode,
  ForgetPasswordEmailBody,
  ForgetPasswordPhoneBody,
  Institution,
  LoginBody,
  LoginWithoutPwdBody,
  MyListQuery,
  OutboxMessage,
  Profile,
  RegionNode,
  RegisterBody,
  SendCodeBody,
  SsoTokenReply,
  UpdateConsentBody,
  UpdatePasswordBody,
  UpdatePhoneNoOrEmailBody,
  UploadResult,
  WechatAuthorizeReply,
  WechatCheckReply,
  WechatLoginReply,
  ArticleClass,
  ArticleDetail,
  ArticleFilter,
  ArticleListItem,
  ArticleListQuery,
  LessonCard,
  LessonCount,
  LessonDetail,
  LessonListQuery,
  ConferenceCard,
  ConferenceDetail,
  ConferenceListQuery,
  ConferenceSubject,
  LoginReply,
  MonthChanceReply,
  AddressBody,
  AlipayFormReply,
  AutoRenewReply,
  JsApiPayReply,
  JssdkConfigReply,
  MyAddressReply,
  OpenIdReply,
  PayH5Reply,
  PayQrReply,
  PayStatusReply,
  ProviderReply,
  QrCreateReply,
  QrInfoReply,
  QrUpdateReply,
  SaveAddressReply,
  ServiceInfoReply,
  ServiceOrderListReply,
  SubscribeQaListReply,
  PageResult,
  ArticleListPage,
  ServiceListReply,
  SessionUser,
} from '../types';

/**
 * The fixed `prev` query token of /article-info (§7.5): when the page URL carries `prev=qy-preview`,
 * the page loads the article through getArticleDetail2 (the editors' preview variant) instead of
 * getArticleDetail.
 */
export const ARTICLE_PREV_TOKEN = 'qy-preview';

export interface SiteConfigReply {
  downloadIosUrl: string;
  downloadAndroidUrl: string;
  medicalHumanitiesUrl: string;
  membershipBaseUrl: string;
}

export const api = {
  login: {
    /** With `uuid` and `code` (the 图片验证码) once the server asked for it (CODE_CAPTCHA_REQUIRED). */
    login: (body: LoginBody, opts?: CallOptions) => post<LoginReply>('/api/login/login', body, opts),
    userLogout: (opts?: CallOptions) => post<null>('/api/login/userLogout', {}, opts),
    /** Log in with a code sent for codeType 3 (CODE_TYPE.login). */
    loginWithoutPwd: (body: LoginWithoutPwdBody, opts?: CallOptions) =>
      post<LoginReply>('/api/login/loginWithoutPwd', body, opts),
    /** GET /api/captchaImage: a fresh single-use arithmetic captcha (2 minutes). */
    captchaImage: (opts?: CallOptions) => get<CaptchaReply>('/api/captchaImage', undefined, opts),
  },
  authLogin: {
    /** Exchanges the single-sign-on `data` (the nejmjmedssodata query) for a session. */
    login: (data: string, opts?: CallOptions) =>
      post<LoginReply>(`/api/authLogin/login?data=${encodeURIComponent(data)}`, {}, opts),
    /** A short-lived ticket to append to outside links (logged in only). */
    getToken: (opts?: CallOptions) => get<SsoTokenReply>('/api/authLogin/getToken', undefined, opts),
  },
  wechat: {
    /** Where to send the browser to authorise with the messaging app (local simulator by default). */
    /** `back` (inside WeChat only): a same-site path to return to instead of /wechat/wxlogin. */
    authorizeUrl: (params: { iswx: 0 | 1; back?: string }, opts?: CallOptions) =>
      get<WechatAuthorizeReply>('/api/wechat/authorizeUrl', params, opts),
    checkCode: (params: { code: string; state: string; iswx: 0 | 1 }, opts?: CallOptions) =>
      get<WechatCheckReply>('/api/wechat/checkCode', params, opts),
    wxlogin: (params: { code: string; phone: string; verifyCode: string; iswx: 0 | 1 }, opts?: CallOptions) =>
      get<WechatLoginReply>('/api/wechat/wxlogin', params, opts),
  },
  user: {
    getMemberInfo: (opts?: CallOptions) => post<SessionUser>('/api/user/getMemberInfo', {}, opts),
    /** The whole profile of the logged-in member (§3 Profile). */
    getUserInfo: (opts?: CallOptions) => post<Profile>('/api/user/getUserInfo', {}, opts),
    /** Creates the account for a verified phone or e-mail and logs in (reply carries the token). */
    register: (body: RegisterBody, opts?: CallOptions) => post<LoginReply>('/api/user/register', body, opts),
    completeUserInfo: (body: CompleteUserInfoBody, opts?: CallOptions) =>
      post<Profile>('/api/user/completeUserInfo', body, opts),
    forgetPasswordPhone: (body: ForgetPasswordPhoneBody, opts?: CallOptions) =>
      post<null>('/api/user/forgetPasswordPhone', body, opts),
    forgetPasswordEmail: (body: ForgetPasswordEmailBody, opts?: CallOptions) =>
      post<null>('/api/user/forgetPasswordEmail', body, opts),
    /** Changes the password and ends the member's other sessions. */
    updatePassword: (body: UpdatePasswordBody, opts?: CallOptions) => post<null>('/api/user/updatePassword', body, opts),
    updatePhoneNoOrEmail: (body: UpdatePhoneNoOrEmailBody, opts?: CallOptions) =>
      post<Profile>('/api/user/updatePhoneNoOrEmail', body, opts),
    /** Changes the username (membername). */
    updateSignAccount: (body: { membername: string }, opts?: CallOptions) =>
      post<Profile>('/api/user/updateSignAccount', body, opts),
    /** Sets the avatar to an uploaded picture's url. */
    updateAvatar: (body: { avatar: string }, opts?: CallOptions) => post<Profile>('/api/user/updateAvatar', body, opts),
    updateSubscribe: (body: UpdateConsentBody, opts?: CallOptions) =>
      post<Profile>('/api/user/updateSubscribe', body, opts),
    selectMyFavArticle: (query: MyListQuery, opts?: CallOptions) =>
      post<PageResult<ArticleListItem>>('/api/user/selectMyFavArticle', { memberId: getMemberId(), ...query }, opts),
    selectMyReadArticle: (query: MyListQuery, opts?: CallOptions) =>
      post<PageResult<ArticleListItem>>('/api/user/selectMyReadArticle', { memberId: getMemberId(), ...query }, opts),
    selectMyFavLesson: (query: MyListQuery, opts?: CallOptions) =>
      post<PageResult<LessonCard>>('/api/user/selectMyFavLesson', { memberId: getMemberId(), ...query }, opts),
    selectMyReadLesson: (query: MyListQuery, opts?: CallOptions) =>
      post<PageResult<LessonCard>>('/api/user/selectMyReadLesson', { memberId: getMemberId(), ...query }, opts),
    /** Collects an article (§4 collect toggle); a truthy reply is success. */
    collectArticle: (body: { id: number }, opts?: CallOptions) => post<boolean>('/api/user/collectArticle', body, opts),
    /** Removes an article from the favourites; a truthy reply is success. */
    cancelCollect: (body: { id: number }, opts?: CallOptions) => post<boolean>('/api/user/cancelCollect', body, opts),
    /** Removes a lesson from the favourites (`id` is the lessonResId, §7.3); a truthy reply is success. */
    cancelCollectLesson: (body: { id: number }, opts?: CallOptions) =>
      post<boolean>('/api/user/cancelCollectLesson', body, opts),
    /** Collects a lesson (`id` is the lessonResId); a truthy reply is success. */
    collectLesson: (body: { id: number }, opts?: CallOptions) => post<boolean>('/api/user/collectLesson', body, opts),
    /** Collects a conference (`id` is the lessonAdvId); a truthy reply is success. */
    collectRelease: (body: { id: number }, opts?: CallOptions) => post<boolean>('/api/user/collectRelease', body, opts),
    cancelRelease: (body: { id: number }, opts?: CallOptions) => post<boolean>('/api/user/cancelRelease', body, opts),
    /** One play of a video (§4 video start): relationType 10 article media, 20 a lesson video (relationId = lessonResId). */
    addVideoCount: (body: { relationId: number; relationType: 10 | 20 }, opts?: CallOptions) =>
      post<{ plays: number }>('/api/user/addVideoCount', body, opts),
  },
  base: {
    /** SMS code to phoneNo (captcha uuid + answer required); codeType 0, 2, 3 or 4. */
    sendCode: (body: SendCodeBody, opts?: CallOptions) => post<null>('/api/base/sendCode', body, opts),
    /** E-mail code; codeType 0, 2 or 3. */
    sendCode2: (body: SendCodeBody, opts?: CallOptions) => post<null>('/api/base/sendCode2', body, opts),
    /** Account side (logged in, codeType 1): a code to the new mobile (with captcha) or e-mail. */
    sendCode3: (body: SendCodeBody, opts?: CallOptions) => post<null>('/api/base/sendCode3', body, opts),
    checkCode: (body: CheckCodeBody, opts?: CallOptions) => post<CheckCodeReply>('/api/base/checkCode', body, opts),
    siteConfig: (opts?: CallOptions) => get<SiteConfigReply>('/api/base/siteConfig', undefined, opts),
    /** Banner pictures by code (home, classroom; §3 Banner). */
    getBanner: (body: { code: string }, opts?: CallOptions) => post<BannerReply>('/api/base/getBanner', body, opts),
    /** A module switch (advert, hot_read); switchValue 1 means on (§7.2). */
    getModularSwitch: (body: { moduleName: string }, opts?: CallOptions) =>
      post<ModularSwitchReply>('/api/base/getModularSwitch', body, opts),
  },
  advert: {
    /** Published adverts of a position (§7.5); the page checks the advert switch first. */
    selectAdvertList: (query: AdvertListQuery, opts?: CallOptions) =>
      post<PageResult<Advert>>('/api/advert/selectAdvertList', { ifPublish: '是', ...query }, opts),
  },
  hotRead: {
    selectHotReadList: (query: { pageNo: number; pageSize: number }, opts?: CallOptions) =>
      post<PageResult<HotReadItem>>('/api/hotRead/selectHotReadList', query, opts),
  },
  periodical: {
    /** The newest weekly issue (null before the first one). */
    newestArticle: (opts?: CallOptions) => post<WeeklyRecord | null>('/api/article/newestArticle', {}, opts),
    /** Months (1..12) of a year that have issues; this year's list ends at the current month. */
    getMonthOfQiKanYear: (body: { year: number }, opts?: CallOptions) =>
      post<number[]>('/api/article/getMonthOfQiKanYear', body, opts),
    /** Weekly groups of a month (YYYYMM), newest first. */
    selectQiKanList: (query: { month: string; pageNo: number; pageSize: number }, opts?: CallOptions) =>
      post<PageResult<WeeklyRecord>>('/api/article/selectQiKanList', query, opts),
  },
  about: {
    selectAbout: (opts?: CallOptions) => post<AboutPage[]>('/api/article/selectAbout', {}, opts),
  },
  article: {
    selectArticleClass: (opts?: CallOptions) => post<ArticleClass[]>('/api/article/selectArticleClass', {}, opts),
    /** memberId is attached for the signed-in reader (§6); the server trusts only the token. */
    selectArticleList: (query: ArticleListQuery, opts?: CallOptions) =>
      post<ArticleListPage>('/api/article/selectArticleList', { memberId: getMemberId(), ...query }, opts),
    /** Article detail by permalinks (§7.5), with the reader's access flags. */
    getArticleDetail: (body: { permalinks: string }, opts?: CallOptions) =>
      post<ArticleDetail>('/api/article/getArticleDetail', { memberId: getMemberId(), ...body }, opts),
    /**
     * The preview variant, used when the page's URL carries `prev`: ARTICLE_PREV_TOKEN (no extra
     * rights), or an editor's preview token, which shows the article in any state as the link's
     * audience would see it (server/src/modules/editorial/previews.ts).
     */
    getArticleDetail2: (body: { permalinks: string; prev?: string }, opts?: CallOptions) =>
      post<ArticleDetail>('/api/article/getArticleDetail2', { memberId: getMemberId(), ...body }, opts),
    getArticleDetailById: (body: { id: number }, opts?: CallOptions) =>
      post<ArticleDetail>('/api/article/getArticleDetailById', { memberId: getMemberId(), ...body }, opts),
    /** The filter options (tabs) of a source, or of the source a filter id belongs to (§7.5). */
    selectArticleFilter: (body: { sourceId: number } | { filterId: number }, opts?: CallOptions) =>
      post<ArticleFilter[]>('/api/article/selectArticleFilter', body, opts),
    /** Items related to an article (§7.5), shown beside it. */
    getRelationVideo: (body: { permalinks: string }, opts?: CallOptions) =>
      post<ArticleListItem[]>('/api/article/getRelationVideo', { memberId: getMemberId(), ...body }, opts),
  },
  region: {
    getTree: (opts?: CallOptions) => get<RegionNode[]>('/api/jhRegion/getTree', undefined, opts),
    hospitals: (body: { p_code: string; c_code: string; a_code?: string }, opts?: CallOptions) =>
      post<Institution[]>('/api/jhHospital/selectAll', body, opts),
    departments: (opts?: CallOptions) => get<DepartmentNode[]>('/api/jhDepartment/getTree', undefined, opts),
    universities: (body: { p_code: string; c_code: string }, opts?: CallOptions) =>
      post<Institution[]>('/api/jhUniversity/selectAll', body, opts),
  },
  file: {
    /** Multipart upload (field `file`); JPG or PNG under 10 MB, checked again by the server. */
    uploadFile: (file: Blob, opts?: CallOptions) => {
      const form = new FormData();
      form.append('file', file);
      return post<UploadResult[]>('/api/File/uploadFile', form, opts);
    },
  },
  dev: {
    /** The local outbox (SMS and e-mails of the local providers); not served in production. */
    outbox: (params?: { to?: string }, opts?: CallOptions) => get<OutboxMessage[]>('/api/dev/outbox', params, opts),
  },
  lesson: {
    selectLessonList: (query: LessonListQuery, opts?: CallOptions) =>
      post<PageResult<LessonCard>>(
        '/api/lesson/selectLessonList',
        { lessonStatus: 1, sortType: 3, memberId: getMemberId(), ...query },
        opts,
      ),
    /** A lesson by lessonResId with the access flags; media and content only when the reader may watch. */
    selectLessonDetail: (body: { id: number }, opts?: CallOptions) =>
      post<LessonDetail>('/api/lesson/selectLessonDetail', { memberId: getMemberId(), ...body }, opts),
    selectLessonCount: (opts?: CallOptions) => post<LessonCount>('/api/lesson/selectLessonCount', {}, opts),
  },
  conference: {
    /** lessAdvStatus 2: upcoming notices (the course home takes pageNo 1, pageSize 2). */
    list: (query: ConferenceListQuery, opts?: CallOptions) =>
      post<PageResult<ConferenceCard>>('/api/ConferenceAdvance/list', { memberId: getMemberId(), ...query }, opts),
    detail: (body: { id: number }, opts?: CallOptions) =>
      post<ConferenceDetail>('/api/ConferenceAdvance/detail', { memberId: getMemberId(), ...body }, opts),
    subject: (opts?: CallOptions) => post<ConferenceSubject[]>('/api/ConferenceAdvance/subject', {}, opts),
  },
  program: {
    getServiceList: (opts?: CallOptions) => provider<ServiceListReply>('program', 'getServiceList', { ut: 1 }, opts),
    /**
     * Uses the month's one free read on an article (§4, §7.6). Throws ApiError (data = the reply) when
     * result is not 1; callers show the reply's msg, else MSG.freeReadFailed.
     */
    articleUseMonthChance: (articleId: number, opts?: CallOptions) =>
      provider<MonthChanceReply>('program', 'articleUseMonthChance', { id: articleId }, opts),
    /** The month's free read on a course (type=1; `id` is the lessonResId): unlocks the lesson for good. */
    lessonUseMonthChance: (lessonResId: number, opts?: CallOptions) =>
      provider<MonthChanceReply>('program', 'articleUseMonthChance', { id: lessonResId, type: 1 }, opts),
    /** The caller's orders, newest first (page from 1; per_page 3 or 10, default 10). */
    getServiceOrderList: (params: { page: number; per_page: 3 | 10 }, opts?: CallOptions) =>
      provider<ServiceOrderListReply>('program', 'getServiceOrderList', params, opts),
    /** Removes one of the caller's orders from the list (an unpaid one is also closed). */
    deleteServiceOrder: (id: number, opts?: CallOptions) =>
      provider<ProviderReply>('program', 'deleteServiceOrder', { id }, opts),
    /** A plan by id; `data.type` 3 or 4 means the Alipay sign-pay flow. */
    getServiceInfo: (id: number, opts?: CallOptions) => provider<ServiceInfoReply>('program', 'getServiceInfo', { id }, opts),
    getMyAddress: (opts?: CallOptions) => provider<MyAddressReply>('program', 'getMyAddress', {}, opts),
    /** Saves the shipping address (POST JSON); recipient, phone, region and detailed address are required. */
    addOrModifyAddress: (body: AddressBody, opts?: CallOptions) =>
      provider<SaveAddressReply>('program', 'addOrModifyAddress', {}, { ...opts, method: 'post', body }),
    getsubscribeQaList: (opts?: CallOptions) => provider<SubscribeQaListReply>('program', 'getsubscribeQaList', {}, opts),
    /** Turns off a continuous plan's auto-renewal (msg 已取消自动续费) and answers the state after it; the paid period stays. */
    cancelAutoRenew: (opts?: CallOptions) => provider<AutoRenewReply>('program', 'cancelAutoRenew', {}, opts),
  },
  pay: {
    /** Desktop WeChat Pay QR for a plan: paycode (PNG data URL), code_url and the ordersn to poll. */
    index: (serviceId: number, opts?: CallOptions) => provider<PayQrReply>('pay', 'index', { service_id: serviceId }, opts),
    /** WeChat Pay in a phone browser: h5_url to open and the ordersn to poll. */
    h5index: (serviceId: number, opts?: CallOptions & { returnUrl?: string }) =>
      provider<PayH5Reply>(
        'pay',
        'h5index',
        opts?.returnUrl ? { service_id: serviceId, return_url: opts.returnUrl } : { service_id: serviceId },
        opts,
      ),
    /**
     * Poll every 5 s (§4): resolves when paid; throws ApiError (data = the reply) while unpaid, so
     * poll with { silent: true } and read `(err.data as PayStatusReply).status`.
     */
    notifypay: (ordersn: string, opts?: CallOptions) => provider<PayStatusReply>('pay', 'notifypay', { ordersn }, opts),
    /** Inside WeChat's browser: the getBrandWCPayRequest parameters (cashier_url with the sandbox). */
    orderJsApiPay: (params: { openid: string; service_id: number }, opts?: CallOptions) =>
      provider<JsApiPayReply>('pay', 'orderJsApiPay', params, opts),
    getJssdkConfig: (url: string, opts?: CallOptions) => provider<JssdkConfigReply>('pay', 'getJssdkConfig', { url }, opts),
    /** Exchanges the official account's authorisation code for the openid (failure: 获取openId失败). */
    getOpenId: (code: string, opts?: CallOptions) => provider<OpenIdReply>('pay', 'getOpenId', { code }, opts),
  },
  qrcode: {
    /** Desktop Alipay: a QR record for a plan; encode `url` (/qrcode-member-ali-pay/{id}/{token}). */
    createInfo: (serviceId: number, opts?: CallOptions) =>
      provider<QrCreateReply>(
        'qrcode',
        'createInfo',
        {},
        {
          ...opts,
          method: 'post',
          body: new URLSearchParams({ result_data: JSON.stringify({ service_id: serviceId, token: getToken() ?? '' }) }),
        },
      ),
    /** `token`: the QR's token from the page path (the phone has no session), else the session's. */
    getInfo: (id: number, token?: string, opts?: CallOptions) =>
      provider<QrInfoReply>('qrcode', 'getInfo', token ? { id, token } : { id }, opts),
    updateStatus: (id: number, token?: string, opts?: CallOptions) =>
      provider<QrUpdateReply>('qrcode', 'updateStatus', token ? { id, status: 1, token } : { id, status: 1 }, opts),
  },
  alipay: {
    /**
     * Alipay in a phone browser (service types 1 and 2); qrcode_id + its token when paying from a
     * scanned QR. return_url: a same-site path the cashier returns to (default /personal?type=flag4).
     */
    memberOrderWapPay: (params: { service_id: number; qrcode_id?: number; token?: string; return_url?: string }, opts?: CallOptions) =>
      provider<AlipayFormReply>('alipay', 'memberOrderWapPay', params, opts),
    /** Alipay's desktop cashier page (service types 1 and 2). */
    memberOrderPagePay: (params: { service_id: number; return_url?: string }, opts?: CallOptions) =>
      provider<AlipayFormReply>('alipay', 'memberOrderPagePay', params, opts),
    /** Pay and sign the renewal agreement (service types 3 and 4); qrcode_id/token as memberOrderWapPay. */
    memberOrderSignPay: (params: { service_id: number; qrcode_id?: number; token?: string; return_url?: string }, opts?: CallOptions) =>
      provider<AlipayFormReply>('alipay', 'memberOrderSignPay', params, opts),
  },
};

export type Api = typeof api;

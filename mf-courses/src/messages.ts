// Strings this app shows that the spec does not fix (spec strings come from MSG in @qianyan/shared).
export { pageTitle, SITE_NAME } from '@qianyan/shared';
// Page headings the server also draws before scripts run: each release ships them as page-heads.json.
import PAGE_HEADS from './pageHeads.json';

export const TEXT = {
  courseResources: PAGE_HEADS['/course-resources'].title,
  courseResourcesIntro: PAGE_HEADS['/course-resources'].intro,
  courses: '课程列表',
  total: (n: number) => `共 ${n} 门课程`,
  home: '首页',
  editingClass: '编辑课堂',
  more: '更多',
  collect: '收藏',
  collected: '已收藏',
  share: '分享',
  wechat: '微信',
  weibo: '微博',
  lessonDetail: '课程详情',
  seriesCourses: '系列课程',
  meetingNotice: '会议预告',
  meetingReview: '会议回顾',
  publishedOn: '发布日期',
  speed: '倍速',
  login: '登录',
  loginToWatchHint: '登录后即可观看本课程',
  completeProfile: '完善资料',
  useFreeRead: '使用免费观看',
  useFreeReadHint: '本课程为会员课程，您本月还有 1 次免费观看机会，是否使用？',
  subscribe: '开通会员',
  details: '课程详情',
  moreLessons: '更多课程',
  references: '参考资料',
  catalogue: '课程目录',
  lessons: (n: number) => `共 ${n} 讲`,
  intro: '课程介绍',
  backToSeries: '返回系列课程',
  sponsor: '主办方',
  beginTime: '开始时间',
  endTime: '结束时间',
  meetingContent: '会议介绍',
  upcoming: '会议预告',
  banner: '编辑课堂推荐',
  loginToWatchReview: '登录后即可观看会议回顾',
  badId: '链接无效：缺少课程编号',
  badMeetingId: '链接无效：缺少会议编号',
  audioUnsupported: '您的浏览器不支持播放音频',
} as const;

/** Home course lists: 3 items each, sortType 3 (spec §9). */
export const HOME_COURSE_COUNT = 3;
/** Conference previews on the course home (spec §9). */
export const CONFERENCE_PREVIEW_COUNT = 2;

/** Tabs of the home page's editing-class block, with their more links (spec §2.2, §7.5). */
export const EDITING_CLASS_TABS = [
  { key: 'editorial', label: '编辑课堂', subjectSerType: [1, 2], more: '/course-resources?type=video' },
  { key: 'clinical', label: '临床研究与实践', subjectSerType: [4, 5], more: '/course-resources?type=img' },
] as const;
export type EditingClassTab = (typeof EDITING_CLASS_TABS)[number];

/** Course tabs of /course-resources (spec §2.11); `type` in the URL picks one. */
export const COURSE_TABS = [
  { key: 'video', label: '视频课程', series: '编辑课堂', subjectSerType: [1, 2] },
  { key: 'img', label: '图文课程', series: '临床研究与实践', subjectSerType: [4, 5] },
] as const;

export type CourseTabKey = (typeof COURSE_TABS)[number]['key'];

/** Badge on a card by subjectSerType (1 single video, 4 single image-text, 2 and 5 series, 3 conference). */
export const COURSE_BADGE: Record<number, string> = { 1: '视频', 2: '系列', 3: '会议', 4: '图文', 5: '系列' };

/** Chinese names of the mf-courses sections that have no screen yet (ARCHITECTURE §3.5): none left. */
export const SECTION_NAMES: Record<string, string> = {};

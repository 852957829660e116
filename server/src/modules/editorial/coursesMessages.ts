// The courses and conferences console's messages (the specification is silent on staff screens):
// one place, so tests and the console import the exact text. Each names the field it is about.

export const COURSE_LIMITS = {
  title: 500,
  subhead: 1000,
  sponsor: 128,
  url: 2000,
  content: 2_000_000,
  aboutcontent: 500_000,
  media: 20,
  classIds: 20,
  children: 200,
} as const;

/** subjectSerType (spec §3 Lesson card). */
export const SUBJECT_SER_TYPE_LABELS: Record<number, string> = {
  1: '单节视频课',
  2: '视频系列课',
  3: '列表式课程',
  4: '图文课程',
  5: '图文系列课',
};

/** subjectType: the lesson's media kind (1 or 4 audio). */
export const SUBJECT_TYPE_LABELS: Record<number, string> = { 1: '音频', 2: '视频', 3: '图文', 4: '音频' };

export const CONFERENCE_STATUS_LABELS: Record<number, string> = { 1: '会议回顾', 2: '会议预告' };

export const CourseConsoleMessages = {
  lessonNotFound: '课程不存在',
  conferenceNotFound: '会议不存在',
  idInvalid: '编号格式不正确',
  revisionRequired: '请提供修改所依据的版本号',
  lessonConflict: (current: number) =>
    `保存失败：他人已先保存了这门课程（当前为第${current}版）。您的修改没有覆盖对方的内容，已另存为未应用的修订，可在修订记录中查看或恢复`,
  conferenceConflict: (current: number) =>
    `保存失败：他人已先保存了这场会议（当前为第${current}版）。您的修改没有覆盖对方的内容，已另存为未应用的修订，可在修订记录中查看或恢复`,
  lessonStale: (current: number) => `课程已被他人修改（当前为第${current}版），请刷新后再操作`,
  conferenceStale: (current: number) => `会议已被他人修改（当前为第${current}版），请刷新后再操作`,
  // Lessons.
  titleRequired: '请填写课程标题',
  titleTooLong: `课程标题不能超过${COURSE_LIMITS.title}个字符`,
  subheadTooLong: `课程副标题不能超过${COURSE_LIMITS.subhead}个字符`,
  subjectSerType: '课程类型（subjectSerType）应为1到5',
  subjectType: '媒体类型（subjectType）应为1（音频）、2（视频）、3（图文）或4（音频）',
  ifViewAuth: '观看权限（ifViewAuth）应为1（需登录并补齐资料）或2（需登录）',
  memberOnly: '会员专享应为0（否）或1（是）',
  coverPcInvalid: '课程封面（PC端）须为站内地址或http(s)地址',
  coverMobileInvalid: '课程封面（手机端）须为站内地址或http(s)地址',
  outsideChainInvalid: '外链地址须为http(s)地址',
  contentTooLong: `正文不能超过${COURSE_LIMITS.content}个字符`,
  aboutcontentTooLong: `课程简介不能超过${COURSE_LIMITS.aboutcontent}个字符`,
  mediaTooMany: `媒体文件最多${COURSE_LIMITS.media}个`,
  mediaUrlInvalid: (n: number) => `第${n}个媒体文件：地址须为站内地址或http(s)地址`,
  mediaTypeInvalid: (n: number) => `第${n}个媒体文件：类型应为video（视频）、audio（音频）或image（图片）`,
  classIdsInvalid: '专业领域编号格式不正确',
  classUnknown: (ids: number[]) => `专业领域不存在：${ids.join(',')}`,
  videoWithoutMedia: '视频课程须有视频：请在“媒体文件”中添加一个视频，或填写外链地址',
  audioWithoutMedia: '音频课程须有音频：请在“媒体文件”中添加一个音频，或填写外链地址',
  imageTextWithoutContent: '图文课程须填写正文',
  seriesWithMedia: '系列课程不能直接带媒体文件：请把视频或音频放在各节子课程中',
  seriesAsChild: '系列课程不能作为子课程：所属系列应留空',
  parentUnknown: '所属系列不存在',
  parentNotSeries: '所属系列须为系列课程（课程类型2或5）',
  parentIsChild: '所属系列本身是子课程，不能再包含子课程',
  parentSelf: '课程不能属于它自己',
  seriesHasChildren: '该系列下还有子课程，不能改为单节课程',
  childMoved: '子课程不能移到另一个系列：请在新系列下新建',
  orderNotSeries: '只有系列课程可以排列子课程',
  orderMismatch: '子课程顺序须恰好列出该系列的全部子课程，请刷新后再排序',
  // Conferences.
  conferenceTitleRequired: '请填写会议标题',
  conferenceTitleTooLong: `会议标题不能超过${COURSE_LIMITS.title}个字符`,
  conferenceSubheadTooLong: `会议副标题不能超过${COURSE_LIMITS.subhead}个字符`,
  sponsorTooLong: `主办方不能超过${COURSE_LIMITS.sponsor}个字符`,
  imgPcInvalid: '会议封面须为站内地址或http(s)地址',
  beginTimeRequired: '请填写会议开始时间',
  beginTimeInvalid: '会议开始时间格式应为YYYY-MM-DD HH:mm（北京时间）',
  endTimeRequired: '请填写会议结束时间',
  endTimeInvalid: '会议结束时间格式应为YYYY-MM-DD HH:mm（北京时间）',
  endBeforeBegin: '会议结束时间不能早于开始时间',
  conferenceStatus: '会议类型应为1（会议回顾）或2（会议预告）',
  conferenceContentTooLong: `会议内容不能超过${COURSE_LIMITS.content}个字符`,
} as const;

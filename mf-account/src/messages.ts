// Strings of mf-account that the spec does not fix (the spec's own strings come from MSG).
export const SITE_NAME = '千言医学';

export const ACCOUNT_MSG = {
  personalTitle: '个人中心',
  loginButton: '登录',
  loginRequiredHint: '登录后可查看个人资料、收藏、阅读与订阅记录。',
  logout: '退出登录',
  accountOverview: '账户概览',
  tabProfile: '个人资料',
  tabFavourites: '我的收藏',
  tabReading: '阅读记录',
  tabSubscription: '订阅记录',
  fieldUsername: '用户名',
  fieldTruename: '姓名',
  fieldIdentity: '身份',
  fieldMobile: '手机',
  fieldEmail: '邮箱',
  fieldMembership: '会员状态',
  notFilled: '未填写',
  identityDoctor: '执业医师',
  identityStudent: '医学生',
  identityOther: '其他',
  identityUnset: '身份未完善',
  member: '会员',
  expired: '已过期',
  regularUser: '普通用户',
  endDate: '到期时间',
  recordsComingTitle: '暂未开放',
  recordsComing: '收藏与阅读记录将在内容模块上线后显示',
  recordsComingDetail: '届时可按日期、专业与类型筛选您收藏和阅读过的文章、动画、音频与课程。',
  subscriptionLoadFailed: '订阅模块加载失败，请稍后重试',
  avatarAlt: (name: string) => `${name}的头像`,
} as const;

export const pageTitle = (name: string) => `${name} - ${SITE_NAME}`;

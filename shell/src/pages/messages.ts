// Strings the shell's own pages show.
export const PAGE_MSG = {
  siteSuffix: ' - 千言医学',
  download: {
    title: '下载 App',
    appName: '千言医学 App',
    pitch: '随时随地阅读医学期刊中文版、专家述评与动画解读，观看医学课程；会员权益与网站同步。',
    features: ['每周更新期刊精选译文', '七大专业领域内容分类', '课程与会议回放随身看'],
    ios: 'App Store 下载',
    android: 'Android 下载',
    iosHint: '适用于 iPhone 与 iPad',
    androidHint: '适用于 Android 手机',
    mobileTip: '在手机浏览器中打开本页，将自动前往对应的下载地址。',
    redirecting: '正在前往下载页面…',
    redirectManual: '如果没有自动跳转，请点击这里',
    // No store page or package configured for this device: the site itself, added to the home screen.
    notYet: '千言医学 App 暂未在此平台上架，您可以直接在手机浏览器中使用本站，内容与会员权益完全相同。',
    installTitle: '把本站添加到手机主屏幕',
    installIos: 'iPhone / iPad：在 Safari 中打开本站，点底部的「分享」按钮，再选「添加到主屏幕」。',
    installAndroid: 'Android：在浏览器中打开本站，点菜单，选「添加到主屏幕」或「安装应用」。',
    openSite: '进入千言医学',
  },
  notFound: {
    title: '页面不存在',
    code: '404',
    text: '您访问的页面可能已被删除、更名，或链接地址有误。',
    home: '返回首页',
    sections: '您可以前往',
    links: [
      { to: '/nejm-list', label: '期刊文章' },
      { to: '/latest-periodical', label: '最新一期' },
      { to: '/animation-list', label: '动画解读' },
      { to: '/course-resources', label: '课程' },
      { to: '/about', label: '关于我们' },
    ],
  },
} as const;

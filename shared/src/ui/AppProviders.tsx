import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { Provider } from 'jotai';
import type { ReactNode } from 'react';
import { qyStore } from '@qianyan/shared/core';
import 'dayjs/locale/zh-cn';
import dayjs from 'dayjs';

dayjs.locale('zh-cn');

/** The brand theme: the journal's deep red on white, readable body text. */
export const theme = {
  token: {
    colorPrimary: '#b3202b',
    colorLink: '#b3202b',
    borderRadius: 4,
    // Secondary text at 4.5:1 or more on white (WCAG AA): antd's defaults (45 % and 25 % black) are
    // below it for step titles, result subtitles, descriptions and select placeholders.
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    colorTextDescription: 'rgba(0, 0, 0, 0.6)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.56)',
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Helvetica Neue", Arial, sans-serif',
  },
};

/**
 * antd in Chinese with the brand theme. Each app bundles its own antd, so anything that renders
 * antd components inside another app's tree (an exposed widget) wraps itself in its own ThemeScope.
 * antd's App (its message, notification and modal hooks) is not part of it: it brings those three
 * into every page's first view. A screen drawn without antd asks its questions through
 * `useThemedModal` (@qianyan/shared/plain), which loads antd's confirm when it is first needed.
 */
export function ThemeScope({ children }: { children: ReactNode }) {
  return (
    // autoInsertSpace off: antd would render two-character labels such as 登录 as "登 录".
    <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}

/** Every app renders inside these: the one shared jotai store, antd in Chinese with the brand theme. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <Provider store={qyStore}>
      <ThemeScope>{children}</ThemeScope>
    </Provider>
  );
}

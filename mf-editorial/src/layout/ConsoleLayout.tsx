// The console's own page: a sidebar with the screens the role opens, a top bar with who is signed
// in, and the screen. The shell shows no reader header or footer on /editor.
import { HomeOutlined } from '@ant-design/icons';
import { Layout, Menu, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import { useStaff } from '../access/staff';
import { ED_MSG } from '../messages';
import { CONSOLE_ROUTES, consolePath, menuFor } from '../routes';

function selectedKey(pathname: string): string | undefined {
  for (const r of CONSOLE_ROUTES) {
    if (matchPath({ path: consolePath(r.path), end: true }, pathname)) return r.menu?.key ?? r.menuKey;
  }
  return undefined;
}

export function ConsoleLayout({ children }: { children: ReactNode }) {
  const me = useStaff();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const items = menuFor(me);
  const selected = selectedKey(pathname);
  return (
    <Layout className="qy-ed-layout" hasSider>
      <Layout.Sider className="qy-ed-sider" width={208} breakpoint="lg" collapsedWidth={64} theme="dark">
        <a className="qy-ed-brand" href="/editor" onClick={(e) => { e.preventDefault(); navigate('/editor'); }}>
          <span className="qy-ed-brand__mark" aria-hidden="true">千</span>
          <span className="qy-ed-brand__name">{ED_MSG.consoleName}</span>
        </a>
        <nav aria-label={ED_MSG.consoleName}>
          <Menu
            theme="dark"
            mode="inline"
            selectedKeys={selected ? [selected] : []}
            items={items.map((i) => ({ key: i.key, icon: i.icon, label: <a href={i.to} onClick={(e) => { e.preventDefault(); navigate(i.to); }}>{i.label}</a> }))}
          />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className="qy-ed-header">
          <span className="qy-ed-header__who">
            <Typography.Text strong>{me.username}</Typography.Text>
            <Tag color="red">{ED_MSG.roles[me.role] ?? me.role}</Tag>
          </span>
          <a className="qy-ed-header__site" href="/index">
            <HomeOutlined /> {ED_MSG.backToSite}
          </a>
        </Layout.Header>
        <Layout.Content className="qy-ed-content">{children}</Layout.Content>
      </Layout>
    </Layout>
  );
}

// The console's screens, in one table: each route's path (under /editor), its page (a chunk of its
// own, from pages/<name>/), who may open it, and its entry in the sidebar menu, if any. A new screen
// is one entry here and a folder under pages/.
import { AccountBookOutlined, CalendarOutlined, PlayCircleOutlined, DashboardOutlined, AuditOutlined, BookOutlined, CrownOutlined, FileTextOutlined, GlobalOutlined, IdcardOutlined, ReadOutlined, TeamOutlined, MailOutlined } from '@ant-design/icons';
import { lazy, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import type { StaffMe } from './api';
import { ED_MSG } from './messages';

export const BASE = '/editor';


export interface ConsoleRoute {
  /** A react-router path under BASE ('' is BASE itself). */
  path: string;
  Page: LazyExoticComponent<ComponentType<object>> | ComponentType<object>;
  /** Who may open it (the server checks again on every call). */
  allowed: (me: StaffMe) => boolean;
  /** Its sidebar entry: the key is the menu's selection for this route and the routes under it. */
  menu?: { key: string; label: string; icon: ReactNode };
  /** The menu entry this route belongs to (a detail page under its list). */
  menuKey?: string;
}

const anyStaff = () => true;
const editors = (me: StaffMe) => me.can.publish;

export const CONSOLE_ROUTES: ConsoleRoute[] = [
  {
    path: '',
    Page: lazy(() => import('./pages/articles/ArticleListPage')),
    allowed: anyStaff,
    menu: { key: 'articles', label: ED_MSG.menu.articles, icon: <FileTextOutlined /> },
  },
  {
    path: 'article/:id',
    Page: lazy(() => import('./pages/article/ArticleEditorPage')),
    allowed: anyStaff,
    menuKey: 'articles',
  },
  {
    path: 'article/:id/revisions',
    Page: lazy(() => import('./pages/revisions/RevisionsPage')),
    allowed: anyStaff,
    menuKey: 'articles',
  },
  {
    path: 'article/:id/preview',
    Page: lazy(() => import('./pages/previews/PreviewPage')),
    allowed: anyStaff,
    menuKey: 'articles',
  },
  {
    path: 'dashboard',
    Page: lazy(() => import('./pages/dashboard/DashboardPage')),
    allowed: editors,
    menu: { key: 'dashboard', label: '数据看板', icon: <DashboardOutlined /> },
  },
  {
    path: 'issues',
    Page: lazy(() => import('./pages/issues/IssueListPage')),
    allowed: editors,
    menu: { key: 'issues', label: ED_MSG.menu.issues, icon: <BookOutlined /> },
  },
  {
    path: 'issues/:id',
    Page: lazy(() => import('./pages/issues/IssueEditorPage')),
    allowed: editors,
    menuKey: 'issues',
  },
  {
    // The weekly newsletter: editors and admins (the server checks again).
    path: 'newsletter',
    Page: lazy(() => import('./pages/newsletter/NewsletterPage')),
    allowed: editors,
    menu: { key: 'newsletter', label: '周刊邮件', icon: <MailOutlined /> },
  },
  {
    path: 'glossary',
    Page: lazy(() => import('./pages/glossary/GlossaryPage')),
    allowed: editors,
    menu: { key: 'glossary', label: '术语表', icon: <ReadOutlined /> },
  },
  {
    path: 'courses',
    Page: lazy(() => import('./pages/courses/CoursesPage')),
    allowed: anyStaff,
    menu: { key: 'courses', label: '课程', icon: <PlayCircleOutlined /> },
  },
  {
    path: 'courses/:id',
    Page: lazy(() => import('./pages/courses/CourseEditorPage')),
    allowed: anyStaff,
    menuKey: 'courses',
  },
  {
    path: 'conferences',
    Page: lazy(() => import('./pages/conferences/ConferencesPage')),
    allowed: anyStaff,
    menu: { key: 'conferences', label: '会议', icon: <CalendarOutlined /> },
  },
  {
    path: 'conferences/:id',
    Page: lazy(() => import('./pages/conferences/ConferenceEditorPage')),
    allowed: anyStaff,
    menuKey: 'conferences',
  },
  {
    path: 'site',
    Page: lazy(() => import('./pages/site/SitePage')),
    allowed: editors,
    menu: { key: 'site', label: ED_MSG.menu.site, icon: <GlobalOutlined /> },
  },
  {
    // Admins only (money): the server refuses everyone else as well.
    path: 'plans',
    Page: lazy(() => import('./pages/plans/PlansPage')),
    allowed: (me) => me.role === 'admin',
    menu: { key: 'plans', label: '会员方案', icon: <CrownOutlined /> },
  },
  {
    // Admins only (money): refunds and exports; the server refuses everyone else as well.
    path: 'orders',
    Page: lazy(() => import('./pages/orders/OrdersPage')),
    allowed: (me) => me.role === 'admin',
    menu: { key: 'orders', label: '订单', icon: <AccountBookOutlined /> },
  },
  {
    // Editors and admins find and view readers; only admins change a membership (the server checks).
    path: 'members',
    Page: lazy(() => import('./pages/members/MembersPage')),
    allowed: editors,
    menu: { key: 'members', label: '会员', icon: <IdcardOutlined /> },
  },
  {
    path: 'members/:id',
    Page: lazy(() => import('./pages/members/MemberDetailPage')),
    allowed: editors,
    menuKey: 'members',
  },
  {
    path: 'audit',
    Page: lazy(() => import('./pages/audit/AuditPage')),
    allowed: (me) => me.can.readAudit,
    menu: { key: 'audit', label: ED_MSG.menu.audit, icon: <AuditOutlined /> },
  },
  {
    path: 'staff',
    Page: lazy(() => import('./pages/staff/StaffPage')),
    allowed: (me) => me.can.manageStaff,
    menu: { key: 'staff', label: ED_MSG.menu.staff, icon: <TeamOutlined /> },
  },
];

/** The absolute path of a console route: consolePath('article/3') → /editor/article/3. */
export const consolePath = (path: string) => (path ? `${BASE}/${path}` : BASE);

/** The sidebar entries the staff member's role opens. */
export const menuFor = (me: StaffMe) => CONSOLE_ROUTES.filter((r) => r.menu && r.allowed(me)).map((r) => ({ ...r.menu!, to: consolePath(r.path) }));

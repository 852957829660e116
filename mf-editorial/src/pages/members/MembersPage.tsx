// 会员 (editors and admins): find a reader by phone, e-mail, username or name (part of any), paged on
// the server, with their membership; the query lives in the address (?q=&page=). A row opens the
// reader's page, where admins extend, grant or end a membership and end sessions.
import { useDocumentTitle } from '@qianyan/shared';
import { Input, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import '../../consoleScreens.css';
import './members.css';
import { ED_MSG } from '../../messages';
import { consolePath } from '../../routes';
import { pager, PAGE_SIZE, useFilterParams, usePage } from '../shared/paging';
import { MM } from './messages';
import { membersApi, type MemberRow } from './membersApi';

const C = MM.cols;

/** The membership as a tag: green while active, grey when expired or none. */
export function MembershipTag({ serviceType, title }: { serviceType: number; title?: string }) {
  const active = serviceType >= 1 && serviceType <= 4;
  return <Tag color={active ? 'green' : serviceType === 6 ? 'orange' : undefined}>{(active && title) || MM.serviceTypes[serviceType] || String(serviceType)}</Tag>;
}

export default function MembersPage() {
  useDocumentTitle(`${MM.title} · ${ED_MSG.consoleName}`);
  const { params, setFilter, pageNo } = useFilterParams();
  const q = params.get('q') ?? '';
  const query = { q, pageNo, pageSize: PAGE_SIZE };
  const { data, loading } = usePage(() => membersApi.search(query), JSON.stringify(query));

  return (
    <section className="qy-ed-page" aria-labelledby="qy-ed-members-h">
      <div className="qy-ed-page__head">
        <Typography.Title level={3} id="qy-ed-members-h" style={{ margin: 0 }}>
          {MM.title}
        </Typography.Title>
      </div>
      <p className="qy-ed-members__hint">{MM.searchHint}</p>
      <div className="qy-ed-filters">
        <Input.Search
          aria-label={MM.searchLabel}
          placeholder={MM.searchPlaceholder}
          allowClear
          enterButton={MM.searchLabel}
          key={q}
          defaultValue={q}
          style={{ maxWidth: 480 }}
          onSearch={(v) => setFilter({ q: v.trim() || undefined })}
        />
      </div>
      <Table<MemberRow>
        rowKey="id"
        loading={loading}
        dataSource={data?.results ?? []}
        locale={{ emptyText: MM.noResults }}
        scroll={{ x: 1000 }}
        pagination={pager(pageNo, data?.page.total ?? 0, setFilter)}
        columns={[
          { title: C.username, render: (_, m) => <Link to={consolePath(`members/${m.id}`)}>{m.username}</Link> },
          { title: C.truename, dataIndex: 'truename', render: (v: string) => v || '—' },
          { title: C.mobile, dataIndex: 'mobile', width: 140, render: (v: string) => v || '—' },
          { title: C.email, dataIndex: 'email', render: (v: string) => v || '—' },
          { title: C.identity, dataIndex: 'identity', width: 100, render: (v: string) => v || '—' },
          { title: C.membership, width: 120, render: (_, m) => <MembershipTag serviceType={m.serviceType} title={m.serviceTitle} /> },
          { title: C.endDate, dataIndex: 'serviceEndDate', width: 170, render: (v: string) => v || '—' },
          { title: C.createdAt, dataIndex: 'createdAt', width: 170 },
        ]}
      />
    </section>
  );
}

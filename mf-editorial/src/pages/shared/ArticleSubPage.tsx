// The frame of a page under one article (修订记录, 预览): back to the article, the title, a link to
// the other page, and the panel.
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useDocumentTitle } from '@qianyan/shared';
import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { CM } from '../../consoleMessages';
import { ED_MSG } from '../../messages';
import { consolePath } from '../../routes';

export function ArticleSubPage({ title, other, children }: { title: string; other: { path: string; label: string }; children: (articleId: number) => ReactNode }) {
  const id = Number(useParams().id);
  useDocumentTitle(`${title} · ${ED_MSG.consoleName}`);
  return (
    <section className="qy-ed-page" aria-labelledby="qy-ed-sub-h">
      <div className="qy-ed-page__head">
        <Space size={16}>
          <Link className="qy-ed-back" to={consolePath(`article/${id}`)}>
            <ArrowLeftOutlined /> {CM.backToArticle}
          </Link>
          <Typography.Title level={3} id="qy-ed-sub-h" style={{ margin: 0 }}>
            {title}
          </Typography.Title>
        </Space>
        <Link to={consolePath(`article/${id}/${other.path}`)}>{other.label}</Link>
      </div>
      {children(id)}
    </section>
  );
}

// /register, /wechat/wxlogin, /wxloginBindPhone: these flows need the accounts module's calls
// (send code, register, WeChat code check and binding), so until then the page says so plainly.
import { ToolOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { openLoginDialog } from '@qianyan/shared';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { ACCOUNT_MSG, pageTitle } from '../messages';
import './placeholder.css';

export interface UnderConstructionProps {
  /** The screen's name, e.g. 注册. */
  name: string;
  /** One sentence on what will be here and what to do meanwhile. */
  description: string;
}

export function UnderConstructionPage({ name, description }: UnderConstructionProps) {
  useEffect(() => {
    document.title = pageTitle(name);
  }, [name]);
  return (
    <div className="qy-placeholder">
      <section className="qy-placeholder__card" aria-labelledby="qy-placeholder-title">
        <span className="qy-placeholder__icon" aria-hidden="true">
          <ToolOutlined />
        </span>
        <p className="qy-placeholder__eyebrow">{name}</p>
        <h1 id="qy-placeholder-title">{ACCOUNT_MSG.underConstruction}</h1>
        <p className="qy-placeholder__text">{description}</p>
        <div className="qy-placeholder__actions">
          <Link className="qy-placeholder__home" to="/">
            {ACCOUNT_MSG.home}
          </Link>
          <Button type="primary" autoInsertSpace={false} onClick={openLoginDialog}>
            {ACCOUNT_MSG.loginButton}
          </Button>
        </div>
      </section>
    </div>
  );
}

export const PLACEHOLDERS: Record<'register' | 'wxlogin' | 'bindPhone', UnderConstructionProps> = {
  register: {
    name: '注册',
    description: '手机号与邮箱注册将随账户模块一同上线。已有账户可以直接登录，也可以先返回首页浏览内容。',
  },
  wxlogin: {
    name: '微信登录',
    description: '微信扫码登录将随账户模块一同上线，目前请使用用户名、手机或邮箱与密码登录。',
  },
  bindPhone: {
    name: '绑定手机',
    description: '微信账户绑定手机号将随账户模块一同上线，目前请使用用户名、手机或邮箱与密码登录。',
  },
};

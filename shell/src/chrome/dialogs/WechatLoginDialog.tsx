import { ReloadOutlined, WechatOutlined } from '@ant-design/icons';
import { Button, Modal, Skeleton } from 'antd';
import { api, closeDialog, rememberLoginReturn } from '@qianyan/shared';
import { useCallback, useEffect, useState } from 'react';
import { hardNavigate } from '../navigation';
import { BackToLogin } from './CodeFields';
import { ACCOUNT_DIALOG_MSG } from './messages';
import { qrDataUrl } from './wechatLogin';
import './accountDialogs.css';

const T = ACCOUNT_DIALOG_MSG.wechat;

/**
 * 微信登录 (§2.6): a QR code of the authorisation URL to scan with WeChat, and 在本机打开 to go
 * through it in this browser (the local simulator, or WeChat's own page).
 */
export function WechatLoginDialog({ open }: { open: boolean }) {
  return (
    <Modal open={open} title={T.title} onCancel={closeDialog} footer={null} width={360} centered destroyOnHidden>
      {open && <WechatQr />}
    </Modal>
  );
}

function WechatQr() {
  const [state, setState] = useState<{ url: string; qr: string } | 'loading' | 'failed'>('loading');

  const load = useCallback(() => {
    setState('loading');
    let live = true;
    api.wechat
      .authorizeUrl({ iswx: 0 }, { silent: true })
      .then(async ({ url }) => ({ url, qr: await qrDataUrl(url) }))
      .then(
        (next) => live && setState(next),
        () => live && setState('failed'),
      );
    return () => {
      live = false;
    };
  }, []);
  useEffect(load, [load]);

  return (
    <div className="qy-wechat">
      <div className="qy-wechat__qr">
        {state === 'loading' ? (
          <Skeleton.Image active className="qy-wechat__skeleton" />
        ) : state === 'failed' ? (
          <div className="qy-wechat__failed">
            <p>{T.loadFailed}</p>
            <Button icon={<ReloadOutlined />} onClick={load}>
              {T.refresh}
            </Button>
          </div>
        ) : (
          <img src={state.qr} alt={T.qrAlt} width={200} height={200} />
        )}
      </div>
      <p className="qy-wechat__hint">
        <WechatOutlined aria-hidden="true" className="qy-wechat__icon" />
        {T.scan}
      </p>
      {typeof state === 'object' && (
        <a
          className="qy-wechat__local"
          href={state.url}
          onClick={(e) => {
            e.preventDefault();
            rememberLoginReturn();
            hardNavigate(state.url);
          }}
        >
          {T.openHere}
        </a>
      )}
      <BackToLogin label={T.back} />
    </div>
  );
}

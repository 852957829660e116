// The share dialogs of spec §2.6 / §2.11, opened from any app with
// openDialog('shareQr' | 'shareHint', { url, title }).
import { CopyOutlined, ShareAltOutlined } from '@ant-design/icons';
import { closeDialog, toast } from '@qianyan/shared';
import { Button, Input, Modal, Spin } from 'antd';
import { useEffect, useId, useState } from 'react';
import './share.css';

export const SHARE_MSG = {
  qrTitle: '微信扫码分享',
  qrAlt: '本页链接的二维码',
  qrHint: '打开微信「扫一扫」，扫描二维码后点击右上角，即可分享给好友或朋友圈。',
  qrFailed: '二维码生成失败，请复制链接分享。',
  hintTitle: '分享',
  hintText: '请使用浏览器自带的分享功能（通常在浏览器菜单或底部工具栏中），将本页分享给好友。',
  hintCopy: '也可以复制下面的链接发送给好友：',
  link: '页面链接',
  copy: '复制链接',
  copied: '链接已复制',
  copyFailed: '复制失败，请长按链接手动复制',
  done: '知道了',
} as const;

export { shareProps } from './shareProps';
export type { ShareProps } from './shareProps';
import type { ShareProps } from './shareProps';

/** Renders `text` as a QR code (a PNG data URL); qrcode loads only when a QR is first asked for. */
export async function qrDataUrl(text: string): Promise<string> {
  const QRCode = await import('qrcode');
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 220, color: { dark: '#1f2329', light: '#ffffff' } });
}

function CopyLink({ url }: { url: string }) {
  const id = useId();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast.success(SHARE_MSG.copied);
    } catch {
      toast.error(SHARE_MSG.copyFailed);
    }
  };
  return (
    <div className="qy-share__link">
      <label className="qy-share__label" htmlFor={id}>
        {SHARE_MSG.link}
      </label>
      <div className="qy-share__row">
        <Input id={id} value={url} readOnly onFocus={(e) => e.target.select()} />
        <Button icon={<CopyOutlined aria-hidden="true" />} onClick={copy}>
          {SHARE_MSG.copy}
        </Button>
      </div>
    </div>
  );
}

/** Desktop: a QR code of the page for the messaging app (§2.11). */
export function ShareQrDialog({ open, share }: { open: boolean; share: ShareProps }) {
  const [qr, setQr] = useState<{ url: string; src: string | null } | null>(null);
  useEffect(() => {
    if (!open) return;
    let live = true;
    qrDataUrl(share.url).then(
      (src) => live && setQr({ url: share.url, src }),
      () => live && setQr({ url: share.url, src: null }),
    );
    return () => {
      live = false;
    };
  }, [open, share.url]);
  const current = qr?.url === share.url ? qr : null;

  return (
    <Modal open={open} title={SHARE_MSG.qrTitle} onCancel={closeDialog} footer={null} width={360} centered destroyOnHidden>
      <div className="qy-share">
        <div className="qy-share__qr" aria-busy={!current}>
          {!current ? (
            <Spin />
          ) : current.src ? (
            <img src={current.src} alt={SHARE_MSG.qrAlt} width={220} height={220} />
          ) : (
            <p className="qy-share__error" role="alert">
              {SHARE_MSG.qrFailed}
            </p>
          )}
        </div>
        {share.title && <p className="qy-share__title">{share.title}</p>}
        <p className="qy-share__hint">{SHARE_MSG.qrHint}</p>
        {current && !current.src && <CopyLink url={share.url} />}
      </div>
    </Modal>
  );
}

/** Mobile without a native share sheet: a hint to use the browser's own share function (§2.6). */
export function ShareHintDialog({ open, share }: { open: boolean; share: ShareProps }) {
  return (
    <Modal
      open={open}
      title={SHARE_MSG.hintTitle}
      onCancel={closeDialog}
      width={400}
      centered
      destroyOnHidden
      footer={
        <Button type="primary" block size="large" onClick={closeDialog}>
          {SHARE_MSG.done}
        </Button>
      }
    >
      <div className="qy-share qy-share--hint">
        <ShareAltOutlined className="qy-share__icon" aria-hidden="true" />
        <p className="qy-share__text">{SHARE_MSG.hintText}</p>
        <p className="qy-share__hint">{SHARE_MSG.hintCopy}</p>
        <CopyLink url={share.url} />
      </div>
    </Modal>
  );
}

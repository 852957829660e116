// Starting a messaging-app (WeChat) login (§4): inside WeChat's browser the page goes straight to the
// authorisation URL (iswx=1); elsewhere the QR dialog shows it. Either way the page to come back to
// is remembered for /wechat/wxlogin.
import { api, isWechatBrowser, openDialog, rememberLoginReturn } from '@qianyan/shared/core';
import { hardNavigate } from '../navigation';

export async function startWechatLogin() {
  if (!isWechatBrowser()) {
    openDialog('wechatQrLogin');
    return;
  }
  rememberLoginReturn();
  try {
    const { url } = await api.wechat.authorizeUrl({ iswx: 1 });
    hardNavigate(url);
  } catch {
    // The API client has shown the message.
  }
}

/** The authorisation URL as a QR code (PNG data URL); qrcode loads only when first needed. */
export async function qrDataUrl(text: string): Promise<string> {
  const QRCode = await import('qrcode');
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 1, width: 200, color: { dark: '#1f2329', light: '#ffffff' } });
}

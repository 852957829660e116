import { createHmac, randomUUID } from 'node:crypto';
import type { SmsSettings } from '../../config.js';
import type { OutgoingMessage } from '../texts.js';
import type { SmsProvider } from './index.js';

type AliyunSettings = Extract<SmsSettings, { provider: 'aliyun' }>;

/** RFC 3986 encoding as Alibaba Cloud's RPC signature wants it (space %20, * %2A, ~ kept). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The sorted, encoded query string that is signed (every parameter except Signature). */
export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
}

/** RPC signature version 1.0: base64(HMAC-SHA1(secret + "&", METHOD&%2F&encode(canonical query))). */
export function signRpc(params: Record<string, string>, accessKeySecret: string, method = 'GET'): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign).digest('base64');
}

/**
 * Alibaba Cloud SMS (dysmsapi, SendSms 2017-05-25) over a signed GET, with fetch and node:crypto.
 * Codes use ALIYUN_SMS_TEMPLATE_CODE with the variable ${code}; notices use the optional
 * ALIYUN_SMS_NOTICE_TEMPLATE_CODE with ${status} (已注册 or 未注册) and are skipped without it.
 */
export class AliyunSms implements SmsProvider {
  readonly name = 'aliyun';
  constructor(
    private readonly settings: AliyunSettings,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  async send(to: string, message: OutgoingMessage): Promise<void> {
    const template =
      message.kind === 'code'
        ? { code: this.settings.templateCode, param: { code: message.code } }
        : { code: this.settings.noticeTemplateCode, param: { status: message.notice === 'registered' ? '已注册' : '未注册' } };
    if (!template.code) return;
    const params: Record<string, string> = {
      AccessKeyId: this.settings.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: to,
      RegionId: 'cn-hangzhou',
      SignName: this.settings.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: template.code,
      TemplateParam: JSON.stringify(template.param),
      Timestamp: this.clock().toISOString().replace(/\.\d{3}Z$/, 'Z'),
      Version: '2017-05-25',
    };
    const signature = signRpc(params, this.settings.accessKeySecret);
    const url = `${this.settings.endpoint}/?Signature=${percentEncode(signature)}&${canonicalQuery(params)}`;
    const res = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(10_000) });
    const text = await res.text();
    let body: { Code?: string; Message?: string; RequestId?: string } = {};
    try {
      body = JSON.parse(text);
    } catch {
      // handled below
    }
    if (!res.ok || body.Code !== 'OK') {
      throw new Error(`Aliyun SendSms failed: HTTP ${res.status} ${body.Code ?? ''} ${body.Message ?? text.slice(0, 200)}`);
    }
  }
}

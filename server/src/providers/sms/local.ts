import type { Outbox } from '../outbox.js';
import { smsText, type OutgoingMessage } from '../texts.js';
import type { SmsProvider } from './index.js';

/** Development and demo SMS: the message lands in the outbox (see /dev/outbox). */
export class LocalSms implements SmsProvider {
  readonly name = 'local';
  constructor(private readonly outbox: Outbox) {}

  async send(to: string, message: OutgoingMessage): Promise<void> {
    await this.outbox.put({
      channel: 'sms',
      to,
      subject: message.kind === 'code' ? '短信验证码' : '短信通知',
      body: smsText(message),
      code: message.kind === 'code' ? message.code : undefined,
    });
  }
}

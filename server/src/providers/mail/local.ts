import type { Outbox } from '../outbox.js';
import type { MailMessage, MailProvider } from './index.js';

/** Development and demo e-mail: the message lands in the outbox (see /dev/outbox). */
export class LocalMail implements MailProvider {
  readonly name = 'local';
  constructor(private readonly outbox: Outbox) {}

  async send(message: MailMessage): Promise<void> {
    await this.outbox.put({
      channel: 'email',
      to: message.to,
      subject: message.subject,
      body: message.text,
      code: message.code,
      html: message.html,
      headers: message.headers,
    });
  }
}

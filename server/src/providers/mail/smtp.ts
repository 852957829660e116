import nodemailer, { type Transporter } from 'nodemailer';
import type { MailSettings } from '../../config.js';
import type { MailMessage, MailProvider } from './index.js';

type SmtpSettings = Extract<MailSettings, { provider: 'smtp' }>;

/** E-mail through an SMTP server (nodemailer, pooled connections, 10 s timeouts). */
export class SmtpMail implements MailProvider {
  readonly name = 'smtp';
  private readonly transport: Transporter;

  constructor(
    private readonly settings: SmtpSettings,
    extra: { ignoreTLS?: boolean } = {},
  ) {
    this.transport = nodemailer.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      auth: settings.user ? { user: settings.user, pass: settings.password } : undefined,
      pool: true,
      maxConnections: 2,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
      ignoreTLS: extra.ignoreTLS,
    });
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.settings.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.headers && Object.keys(message.headers).length > 0 ? { headers: message.headers } : {}),
    });
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

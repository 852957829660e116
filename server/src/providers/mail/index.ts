import type { MailSettings } from '../../config.js';
import type { Outbox } from '../outbox.js';
import { LocalMail } from './local.js';
import { SmtpMail } from './smtp.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The code the mail carries (the local outbox shows it apart). */
  code?: string;
  /**
   * Extra header fields, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 2369, RFC 8058) on
   * list mail. Names and values are plain ASCII; every provider carries them as given.
   */
  headers?: Record<string, string>;
}

/** Sends one e-mail; throws when the server refuses it or cannot be reached. */
export interface MailProvider {
  readonly name: string;
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}

export function createMailProvider(settings: MailSettings, outbox: Outbox): MailProvider {
  return settings.provider === 'smtp' ? new SmtpMail(settings) : new LocalMail(outbox);
}

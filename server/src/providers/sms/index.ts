import type { SmsSettings } from '../../config.js';
import type { Outbox } from '../outbox.js';
import type { OutgoingMessage } from '../texts.js';
import { AliyunSms } from './aliyun.js';
import { LocalSms } from './local.js';

/** Sends one SMS; throws when the provider refuses or cannot be reached. */
export interface SmsProvider {
  readonly name: string;
  send(to: string, message: OutgoingMessage): Promise<void>;
}

export function createSmsProvider(settings: SmsSettings, outbox: Outbox): SmsProvider {
  return settings.provider === 'aliyun' ? new AliyunSms(settings) : new LocalSms(outbox);
}

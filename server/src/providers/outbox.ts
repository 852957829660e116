import { desc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { outboxMessages } from '../db/schema/index.js';

export type OutboxChannel = 'sms' | 'email';

export interface OutboxEntry {
  id: number;
  channel: OutboxChannel;
  to: string;
  subject: string;
  body: string;
  code: string | null;
  html: string | null;
  headers: Record<string, string>;
  sentAt: string;
}

/**
 * Where the local SMS and mail providers deliver: a table, so every instance and the dev pages see
 * the same messages. Read on /dev/outbox and /api/dev/outbox outside production.
 */
export class Outbox {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
  ) {}

  async put(message: {
    channel: OutboxChannel;
    to: string;
    subject?: string;
    body: string;
    code?: string;
    html?: string;
    headers?: Record<string, string>;
  }): Promise<void> {
    await this.db.insert(outboxMessages).values({
      channel: message.channel,
      recipient: message.to,
      subject: (message.subject ?? '').slice(0, 200),
      body: message.body,
      code: message.code ?? null,
      html: message.html ?? null,
      headers: message.headers && Object.keys(message.headers).length > 0 ? message.headers : null,
      sentAt: this.now(),
    });
  }

  /** Newest first; `to` filters by recipient (e-mail compared lower-cased). */
  async list(options: { to?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
    const to = options.to?.trim();
    const rows = await this.db
      .select()
      .from(outboxMessages)
      .where(to ? eq(outboxMessages.recipient, to.includes('@') ? to.toLowerCase() : to) : undefined)
      .orderBy(desc(outboxMessages.id))
      .limit(Math.min(Math.max(options.limit ?? 50, 1), 200));
    return rows.map((r) => ({
      id: r.id,
      channel: r.channel as OutboxChannel,
      to: r.recipient,
      subject: r.subject,
      body: r.body,
      code: r.code,
      html: r.html,
      headers: r.headers ?? {},
      sentAt: r.sentAt.toISOString(),
    }));
  }
}

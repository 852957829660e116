// Accounts and settings the server suites share. Accounts are written straight to the database with
// a session issued directly (no password hashing, no codes); they cannot log in with a password.
import { members, memberships } from '../src/db/schema/index.js';
import type { TestContext } from './helpers.js';

export interface TestMemberOptions {
  truename?: string;
  mobile?: string;
  email?: string;
  /** An active monthly membership: a seed period from a day ago to 30 days ahead. */
  member?: boolean;
}

/** A fresh logged-in account (profile empty unless given). */
export async function testMember(
  ctx: TestContext,
  username: string,
  { member, ...profile }: TestMemberOptions = {},
): Promise<{ id: number; token: string }> {
  const [m] = await ctx.app.db
    .insert(members)
    .values({ username, passwordHash: 'not-a-login-account', ...profile })
    .returning({ id: members.id });
  if (member) {
    const now = ctx.clock.now();
    await ctx.app.db.insert(memberships).values({
      memberId: m!.id,
      serviceType: 1,
      startsAt: new Date(now.getTime() - 86_400_000),
      endsAt: new Date(now.getTime() + 30 * 86_400_000),
      kind: 'seed',
    });
  }
  const { token } = await ctx.app.sessions.issue(m!.id);
  return { id: m!.id, token };
}

/** An S3-compatible bucket's settings as the environment gives them (with UPLOADS_STORAGE=s3). */
export const S3_ENV = {
  S3_ENDPOINT: 'https://oss-cn-beijing.aliyuncs.com',
  S3_REGION: 'cn-beijing',
  S3_BUCKET: 'qy',
  S3_ACCESS_KEY_ID: 'id',
  S3_SECRET_ACCESS_KEY: 'secret',
  S3_PUBLIC_BASE_URL: 'https://cdn.example.com',
};

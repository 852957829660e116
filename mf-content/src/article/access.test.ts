import { accessOf } from './access';

const flags = {
  contentLocked: true,
  accessLevel: 'member' as const,
  is_subscribe: 1 as const,
  is_have_view_auth: 2 as const,
  is_month_chance: 2 as const,
};

describe('reading access state (§4)', () => {
  it('asks a visitor to log in for locked content and opens unlocked content', () => {
    expect(accessOf(flags, false)).toBe('login');
    expect(accessOf({ ...flags, contentLocked: false, accessLevel: 'public' }, false)).toBe('open');
  });

  it('offers the free read, or says it is used up, to a logged-in non-subscriber', () => {
    expect(accessOf(flags, true)).toBe('freeRead');
    expect(accessOf({ ...flags, is_month_chance: 1 }, true)).toBe('usedUp');
  });

  it('opens unlocked content for a reader and offers membership for other locks', () => {
    expect(accessOf({ ...flags, contentLocked: false, is_subscribe: 2, is_have_view_auth: 1 }, true)).toBe('open');
    expect(accessOf({ ...flags, is_have_view_auth: 1 }, true)).toBe('subscribe');
  });

  it('locks a member article fetched with a session once the reader has logged out', () => {
    const fetchedAsMember = { ...flags, contentLocked: false, is_subscribe: 2 as const };
    expect(accessOf(fetchedAsMember, false, true)).toBe('login');
    expect(accessOf({ ...fetchedAsMember, accessLevel: 'public' }, false, true)).toBe('open');
  });
});

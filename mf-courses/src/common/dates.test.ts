import { meetingTime } from './dates';

describe('meetingTime', () => {
  it('shows YYYY年MM月DD日 HH:mm in Beijing time', () => {
    expect(meetingTime('2026-12-04T01:00:00.000Z')).toBe('2026年12月04日 09:00');
    expect(meetingTime('2026-12-31T16:30:00.000Z')).toBe('2027年01月01日 00:30');
  });
  it('is empty for a missing or bad time', () => {
    expect(meetingTime('')).toBe('');
    expect(meetingTime('not a date')).toBe('');
  });
});

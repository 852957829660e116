import { dialogAtom, MSG, qyStore, toast } from '@qianyan/shared/core';
import { courseClick, openOutsideChain, performCourseClick } from './courseClick';
import { lessonCard as lesson, sessionUser } from './testing';

const member = (over: Parameters<typeof sessionUser>[0] = {}) => sessionUser({ truename: '王医生', ...over });

describe('course card click rules', () => {
  it('asks a visitor to log in', () => {
    expect(courseClick(lesson({ ifViewAuth: 2 }), null)).toEqual({ kind: 'login' });
  });

  it('asks for a complete profile when the course needs one and the reader has no real name', () => {
    expect(courseClick(lesson({ ifViewAuth: 1 }), member({ truename: '' }))).toEqual({ kind: 'completeProfile' });
    expect(courseClick(lesson({ ifViewAuth: 1 }), member({ truename: '  ' }))).toEqual({ kind: 'completeProfile' });
  });

  it('lets a reader without a real name open a course that needs only login', () => {
    expect(courseClick(lesson({ id: 3, lessonResId: 10003, ifViewAuth: 2 }), member({ truename: '' }))).toEqual({
      kind: 'navigate',
      to: '/course-video?id=10003',
    });
  });

  it('opens an outside link in a new tab', () => {
    expect(courseClick(lesson({ outsideChain: 'https://example.org/live', subjectSerType: 1 }), member())).toEqual({
      kind: 'external',
      url: 'https://example.org/live',
    });
  });

  it.each([
    [1, '/course-video?id=10042'],
    [4, '/course-video?id=10042'],
    [2, '/series-courses?id=10042'],
    [5, '/series-courses?id=10042'],
  ] as const)('serial type %i goes to %s', (subjectSerType, to) => {
    expect(courseClick(lesson({ id: 42, lessonResId: 10042, subjectSerType }), member())).toEqual({ kind: 'navigate', to });
  });

  it('falls back to the card id when a single course has no lesson resource id', () => {
    expect(courseClick(lesson({ id: 42, lessonResId: 0, subjectSerType: 4 }), member())).toEqual({
      kind: 'navigate',
      to: '/course-video?id=42',
    });
  });

  it('does nothing for a list-style (type 3) card', () => {
    expect(courseClick(lesson({ subjectSerType: 3 }), member())).toEqual({ kind: 'none' });
  });
});

describe('performing a course click', () => {
  afterEach(() => {
    jest.restoreAllMocks();
    qyStore.set(dialogAtom, null);
  });

  it('warns 登录即可观看 and opens the login dialog', () => {
    const warn = jest.spyOn(toast, 'warning').mockImplementation(() => {});
    const navigate = jest.fn();
    performCourseClick({ kind: 'login' }, { navigate });
    expect(warn).toHaveBeenCalledWith(MSG.loginToWatch);
    expect(qyStore.get(dialogAtom)).toEqual({ name: 'login', props: undefined });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('warns 需要资料补齐才能浏览 without navigating', () => {
    const warn = jest.spyOn(toast, 'warning').mockImplementation(() => {});
    const navigate = jest.fn();
    performCourseClick({ kind: 'completeProfile' }, { navigate });
    expect(warn).toHaveBeenCalledWith(MSG.profileIncomplete);
    expect(navigate).not.toHaveBeenCalled();
    expect(qyStore.get(dialogAtom)).toBeNull();
  });

  it('opens an outside link in a new tab at once, then points it at the link with the sign-on ticket', async () => {
    const tab = { opener: {}, location: { href: '' } };
    const open = jest.spyOn(window, 'open').mockImplementation(() => tab as unknown as Window);
    const withTicket = jest.fn(async (url: string) => `${url}?nejmjmedssodata=T1`);
    const done = openOutsideChain('https://example.org/x', withTicket);
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    await done;
    expect(withTicket).toHaveBeenCalledWith('https://example.org/x');
    expect(tab.location.href).toBe('https://example.org/x?nejmjmedssodata=T1');
  });

  it('performs an external click through openExternal', () => {
    const openExternal = jest.fn();
    performCourseClick({ kind: 'external', url: 'https://example.org/x' }, { navigate: jest.fn(), openExternal });
    expect(openExternal).toHaveBeenCalledWith('https://example.org/x');
  });

  it('navigates inside the site', () => {
    const navigate = jest.fn();
    performCourseClick({ kind: 'navigate', to: '/series-courses?id=4' }, { navigate });
    expect(navigate).toHaveBeenCalledWith('/series-courses?id=4');
  });
});

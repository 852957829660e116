// Course card click rules of spec §4, for every course card (the course lists, the home page's course
// block, the search results): login first, then a complete profile where the course asks for one,
// then an outside link or the page for the course's serial type.
import { MSG, openLoginDialog, toast, withSsoToken, type LessonCard, type SessionUser } from '@qianyan/shared/core';

export type CourseClick =
  | { kind: 'login' }
  | { kind: 'completeProfile' }
  | { kind: 'external'; url: string }
  | { kind: 'navigate'; to: string }
  | { kind: 'none' };

type CardFields = Pick<LessonCard, 'id' | 'lessonResId' | 'subjectSerType' | 'ifViewAuth' | 'outsideChain'>;

/** What a click on a course card does for this reader (null when logged out). Pure. */
export function courseClick(card: CardFields, user: Pick<SessionUser, 'truename'> | null): CourseClick {
  if (!user) return { kind: 'login' };
  if (card.ifViewAuth === 1 && !user.truename?.trim()) return { kind: 'completeProfile' };
  if (card.outsideChain) return { kind: 'external', url: card.outsideChain };
  const to = coursePath(card);
  return to ? { kind: 'navigate', to } : { kind: 'none' };
}

/**
 * The in-app page of a course by serial type: 1, 4 a lesson; 2, 5 a series, which the series page
 * reads by its lesson resource id as the lesson page does; null for 3, a list-style (conference) card.
 */
export function coursePath(card: Pick<LessonCard, 'id' | 'lessonResId' | 'subjectSerType'>): string | null {
  const id = card.lessonResId || card.id;
  if (card.subjectSerType === 1 || card.subjectSerType === 4) return `/course-video?id=${id}`;
  if (card.subjectSerType === 2 || card.subjectSerType === 5) return `/series-courses?id=${id}`;
  return null;
}

export interface CourseClickEffects {
  navigate: (to: string) => void;
  openExternal?: (url: string) => void;
}

/**
 * Opens an outside chain in a new tab with the single sign-on ticket appended (§4). The tab is opened
 * at once (inside the click, so no popup blocker stops it) and pointed at the link once the ticket is
 * known; without a tab the page itself goes there.
 */
export function openOutsideChain(url: string, appendTicket: (url: string) => Promise<string> = withSsoToken): Promise<void> {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  return appendTicket(url).then((target) => {
    if (tab) tab.location.href = target;
    else window.location.assign(target);
  });
}

/** Carries out a click decision: the warning and login prompt, a new tab, or in-app navigation. */
export function performCourseClick(action: CourseClick, { navigate, openExternal = (url) => void openOutsideChain(url) }: CourseClickEffects) {
  switch (action.kind) {
    case 'login':
      toast.warning(MSG.loginToWatch);
      openLoginDialog();
      break;
    case 'completeProfile':
      toast.warning(MSG.profileIncomplete);
      break;
    case 'external':
      openExternal(action.url);
      break;
    case 'navigate':
      navigate(action.to);
      break;
    case 'none':
      break;
  }
}

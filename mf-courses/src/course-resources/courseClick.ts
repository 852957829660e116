// Course card click rules of spec §4: login first, then a complete profile where the course asks
// for one, then an outside link or the page for the course's serial type.
import { MSG, openLoginDialog, toast, withSsoToken, type LessonCard, type SessionUser } from '@qianyan/shared';

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
  switch (card.subjectSerType) {
    case 1:
    case 4:
      return { kind: 'navigate', to: `/course-video?id=${card.lessonResId || card.id}` };
    case 2:
    case 5:
      // The series page reads the series by its lesson resource id, as the lesson page does.
      return { kind: 'navigate', to: `/series-courses?id=${card.lessonResId || card.id}` };
    default:
      // 3: a list-style (conference) card; it opens nothing.
      return { kind: 'none' };
  }
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

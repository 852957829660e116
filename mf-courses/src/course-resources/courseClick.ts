// Course card click rules of spec §4: login first, then a complete profile where the course asks
// for one, then an outside link or the page for the course's serial type.
import { MSG, openLoginDialog, toast, type LessonCard, type SessionUser } from '@qianyan/shared';

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
      return { kind: 'navigate', to: `/series-courses?id=${card.id}` };
    default:
      // 3: a list-style (conference) card; it opens nothing.
      return { kind: 'none' };
  }
}

export interface CourseClickEffects {
  navigate: (to: string) => void;
  openExternal?: (url: string) => void;
}

const openInNewTab = (url: string) => void window.open(url, '_blank', 'noopener,noreferrer');

/** Carries out a click decision: the warning and login prompt, a new tab, or in-app navigation. */
export function performCourseClick(action: CourseClick, { navigate, openExternal = openInNewTab }: CourseClickEffects) {
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

// The course card click rules of spec §4, as mf-courses applies them on its course lists (that app
// does not expose them, and a remote module for one click would cost a load): login first, then a
// complete profile where the course asks for one, then an outside link or the page of its serial type.
import { MSG, openLoginDialog, toast, withSsoToken, type LessonCard, type SessionUser } from '@qianyan/shared';

export type CourseClick =
  | { kind: 'login' }
  | { kind: 'completeProfile' }
  | { kind: 'external'; url: string }
  | { kind: 'navigate'; to: string }
  | { kind: 'none' };

type CardFields = Pick<LessonCard, 'id' | 'lessonResId' | 'subjectSerType' | 'ifViewAuth' | 'outsideChain'>;

/** The in-app page of a course by serial type (1, 4 lesson; 2, 5 series); null for 3 (a list-style card). */
export function coursePath(card: Pick<LessonCard, 'id' | 'lessonResId' | 'subjectSerType'>): string | null {
  const id = card.lessonResId || card.id;
  if (card.subjectSerType === 1 || card.subjectSerType === 4) return `/course-video?id=${id}`;
  if (card.subjectSerType === 2 || card.subjectSerType === 5) return `/series-courses?id=${id}`;
  return null;
}

/** What a click on a course result does for this reader (null when logged out). */
export function courseClick(card: CardFields, user: Pick<SessionUser, 'truename'> | null): CourseClick {
  if (!user) return { kind: 'login' };
  if (card.ifViewAuth === 1 && !user.truename?.trim()) return { kind: 'completeProfile' };
  if (card.outsideChain) return { kind: 'external', url: card.outsideChain };
  const to = coursePath(card);
  return to ? { kind: 'navigate', to } : { kind: 'none' };
}

/** Opens an outside chain in a new tab (opened inside the click) with the single sign-on ticket appended. */
function openOutsideChain(url: string) {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  void withSsoToken(url).then((target) => {
    if (tab) tab.location.href = target;
    else window.location.assign(target);
  });
}

export function performCourseClick(action: CourseClick, navigate: (to: string) => void) {
  switch (action.kind) {
    case 'login':
      toast.warning(MSG.loginToWatch);
      openLoginDialog();
      break;
    case 'completeProfile':
      toast.warning(MSG.profileIncomplete);
      break;
    case 'external':
      openOutsideChain(action.url);
      break;
    case 'navigate':
      navigate(action.to);
      break;
    case 'none':
      break;
  }
}

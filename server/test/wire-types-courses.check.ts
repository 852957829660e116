// Compile-time check (run by `npm run typecheck`): the course and conference reply schemas' static
// types equal the wire types of shared/src/types.ts, field for field.
import type * as Wire from '../../shared/src/types.js';
import type { ChildLesson, ConferenceCard, ConferenceDetail, LessonDetail } from '../src/modules/courses/schemas.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

export type CourseWireTypeChecks = [
  Expect<Equal<ChildLesson, Wire.ChildLesson>>,
  Expect<Equal<LessonDetail, Wire.LessonDetail>>,
  Expect<Equal<ConferenceCard, Wire.ConferenceCard>>,
  Expect<Equal<ConferenceDetail, Wire.ConferenceDetail>>,
];

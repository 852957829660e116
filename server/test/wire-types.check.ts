// Compile-time check (run by `npm run typecheck`): the reply schemas' static types must equal the
// wire types the browser uses (shared/src/types.ts), field for field.
import type * as Wire from '../../shared/src/types.js';
import type { LoginReply, SessionUser } from '../src/modules/account/schemas.js';
import type { ArticleClass, ArticleDetail, ArticleListItem } from '../src/modules/content/schemas.js';
import type { LessonCard } from '../src/modules/courses/schemas.js';
import type { EquityItem, ServicePlan } from '../src/modules/membership/schemas.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

export type WireTypeChecks = [
  Expect<Equal<SessionUser, Wire.SessionUser>>,
  Expect<Equal<LoginReply, Wire.LoginReply>>,
  Expect<Equal<ArticleClass, Wire.ArticleClass>>,
  Expect<Equal<ArticleListItem, Wire.ArticleListItem>>,
  Expect<Equal<ArticleDetail, Wire.ArticleDetail>>,
  Expect<Equal<LessonCard, Wire.LessonCard>>,
  Expect<Equal<ServicePlan, Wire.ServicePlan>>,
  Expect<Equal<EquityItem, Wire.EquityItem>>,
];

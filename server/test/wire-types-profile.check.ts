// Compile-time check (run by `npm run typecheck`): the profile, region and upload reply schemas'
// static types equal the wire types of shared/src/types.ts.
import type * as Wire from '../../shared/src/types.js';
import type { UploadResult } from '../src/modules/files/schemas.js';
import type { Profile } from '../src/modules/profile/schemas.js';
import type { Institution } from '../src/modules/regions/schemas.js';
import type { DepartmentNode } from '../src/modules/regions/departments.js';
import type { RegionNode } from '../src/modules/regions/tree.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Expect<T extends true> = T;

export type ProfileWireTypeChecks = [
  Expect<Equal<Profile, Wire.Profile>>,
  Expect<Equal<Institution, Wire.Institution>>,
  Expect<Equal<UploadResult, Wire.UploadResult>>,
  Expect<Equal<RegionNode, Wire.RegionNode>>,
  Expect<Equal<DepartmentNode, Wire.DepartmentNode>>,
];

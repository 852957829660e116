// Reference data of the profile form (§7.4): the region and department trees rarely change, so one
// load per page serves every form; hospitals and universities are cached per city. A failed load is
// forgotten so the next form tries again.
import { api, type DepartmentNode, type Institution, type RegionNode } from '@qianyan/shared';

const cache = new Map<string, Promise<unknown>>();

function once<T>(key: string, load: () => Promise<T>): Promise<T> {
  let p = cache.get(key) as Promise<T> | undefined;
  if (!p) {
    p = load();
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}

export const loadRegionTree = () => once<RegionNode[]>('regions', () => api.region.getTree({ silent: true }));

export const loadDepartmentTree = () =>
  once<DepartmentNode[]>('departments', () => api.region.departments({ silent: true }));

export const loadHospitals = (p_code: string, c_code: string) =>
  once<Institution[]>(`hospitals:${p_code}:${c_code}`, () => api.region.hospitals({ p_code, c_code }, { silent: true }));

export const loadUniversities = (p_code: string, c_code: string) =>
  once<Institution[]>(`universities:${p_code}:${c_code}`, () =>
    api.region.universities({ p_code, c_code }, { silent: true }),
  );

/** Tests start from an empty cache. */
export function clearReferenceCache() {
  cache.clear();
}

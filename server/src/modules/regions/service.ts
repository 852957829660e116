import { AppError } from '../../lib/errors.js';
import { DEPARTMENT_LEAVES, DEPARTMENT_TREE, type DepartmentNode } from './departments.js';
import { HOSPITAL_ROWS, UNIVERSITY_ROWS, type InstitutionRow } from './institutions.js';
import type { HospitalQuery, Institution, UniversityQuery } from './schemas.js';
import { regionTree, resolveRegion, type RegionNode } from './tree.js';

export const RegionMessages = {
  cityRequired: '请选择城市',
  cityInvalid: '所选城市不存在，请重新选择',
} as const;

export type RegionsService = ReturnType<typeof createRegionsService>;

/** The city a profile chose: its codes and the joined forms the profile shows. */
export interface ResolvedCity {
  provinceId: number;
  cityId: number;
  districtId: number | null;
  /** "110000,110100,110101" */
  idPath: string;
  /** "北京市/市辖区/东城区" */
  namePath: string;
}

const byCity = (rows: readonly InstitutionRow[]) => {
  const map = new Map<string, InstitutionRow[]>();
  for (const row of rows) map.set(row.c_code, [...(map.get(row.c_code) ?? []), row]);
  return map;
};

/**
 * Regions, institutions and departments: reference data held in memory, built once per process.
 * The region tree's reply is serialised once as well (it is about 140 KB and never changes).
 */
export function createRegionsService() {
  const hospitalsByCity = byCity(HOSPITAL_ROWS);
  const universitiesByCity = byCity(UNIVERSITY_ROWS);
  let treeReply: string | undefined;

  /** The province and city of a lookup must exist and belong together; '' or absent is "choose a city". */
  function checkCity(pCode: string | undefined, cCode: string | undefined): string {
    const p = pCode?.trim() ?? '';
    const c = cCode?.trim() ?? '';
    if (!p || !c) throw AppError.badParameter(RegionMessages.cityRequired);
    if (!resolveRegion(regionTree(), p, c, '')) throw AppError.badParameter(RegionMessages.cityInvalid);
    return c;
  }

  const toInstitution = (row: InstitutionRow): Institution => ({ ...row });

  return {
    regionTree(): RegionNode[] {
      return regionTree().roots;
    },

    /** The whole envelope of GET /jhRegion/getTree as JSON text. */
    regionTreeReply(): string {
      treeReply ??= JSON.stringify({ code: 0, msg: 'success', data: regionTree().roots });
      return treeReply;
    },

    departmentTree(): DepartmentNode[] {
      return DEPARTMENT_TREE;
    },

    isDepartment(name: string): boolean {
      return DEPARTMENT_LEAVES.has(name);
    },

    /** The city's hospitals; with a district, that district's hospitals first (a doctor may work anywhere in the city). */
    hospitals(query: HospitalQuery): Institution[] {
      const city = checkCity(query.p_code, query.c_code);
      const rows = hospitalsByCity.get(city) ?? [];
      const district = query.a_code?.trim();
      if (!district) return rows.map(toInstitution);
      return [...rows.filter((r) => r.a_code === district), ...rows.filter((r) => r.a_code !== district)].map(toInstitution);
    },

    universities(query: UniversityQuery): Institution[] {
      const city = checkCity(query.p_code, query.c_code);
      return (universitiesByCity.get(city) ?? []).map(toInstitution);
    },

    /**
     * Checks a profile's province, city and district codes against the tree and returns what the
     * profile stores; undefined when they are not a real chain. The district may be '' (a city
     * without districts, or a choice stopped at the city).
     */
    resolveCity(provinceId: string, cityId: string, districtId: string): ResolvedCity | undefined {
      const found = resolveRegion(regionTree(), provinceId, cityId, districtId);
      if (!found) return undefined;
      const [province, city, district] = found.path;
      return {
        provinceId: Number(province!.code),
        cityId: Number(city!.code),
        districtId: district ? Number(district.code) : null,
        idPath: found.path.map((n) => n.code).join(','),
        namePath: found.path.map((n) => n.name).join('/'),
      };
    },
  };
}

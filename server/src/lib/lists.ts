import Type, { type TSchema } from 'typebox';
import { AppError } from './errors.js';

/** Reply field: an integer whose static type is the given literals, serialised without anyOf. */
export const IntEnum = <const T extends readonly number[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Unsafe<T[number]>({ type: 'integer', enum: [...values], ...options });

/** Request field: one of the given integers; unlike IntEnum, "2" is converted to 2 before the check. */
export const OneOf = <const T extends readonly number[]>(values: T, options: Record<string, unknown> = {}) =>
  Type.Union(
    values.map((v) => Type.Literal(v)),
    options,
  ) as unknown as ReturnType<typeof IntEnum<T>>;

export const PAGE_SIZE_MESSAGE = '每页条数需在1到100之间';

/** pageNo / pageSize of every list request. */
export const pageQueryProperties = {
  pageNo: Type.Optional(
    Type.Integer({ minimum: 1, default: 1, description: 'Page number, from 1', errorMessage: '页码需为大于0的整数' }),
  ),
  pageSize: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 100, default: 20, description: '1 to 100', errorMessage: PAGE_SIZE_MESSAGE }),
  ),
};

/** YYYYMMDD, or '' for "no date". */
export const Ymd = (description: string) =>
  Type.Optional(Type.String({ pattern: '^(\\d{8})?$', description, errorMessage: '日期格式应为YYYYMMDD' }));

/** Largest PostgreSQL integer: a larger id cannot exist, and must not reach a query (it would fail there). */
export const MAX_ID = 2_147_483_647;

/** A list of ids: [5, 6], "5,6" or 5. In the comma form each id has at most 9 digits. */
export const IdList = (description: string, errorMessage: string) =>
  Type.Optional(
    Type.Union(
      [
        Type.Array(Type.Integer({ minimum: 0, maximum: MAX_ID }), { maxItems: 200 }),
        Type.String({ pattern: '^\\s*(\\d{1,9}\\s*(,\\s*\\d{1,9}\\s*)*)?$', maxLength: 2000 }),
        Type.Integer({ minimum: 0, maximum: MAX_ID }),
      ],
      { description, errorMessage },
    ),
  );

export function toIdList(value: number[] | string | number | undefined): number[] {
  if (value === undefined) return [];
  if (typeof value === 'number') return [value];
  if (typeof value === 'string') {
    return value
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map(Number);
  }
  return value;
}

export const PageSchema = Type.Object({
  total: Type.Integer(),
  pages: Type.Integer(),
  pageNo: Type.Integer(),
  pageSize: Type.Integer(),
});

export const PageResultSchema = <T extends TSchema>(item: T) =>
  Type.Object({ results: Type.Array(item), page: PageSchema });

export function pageOf(total: number, pageNo: number, pageSize: number) {
  return { total, pages: Math.ceil(total / pageSize), pageNo, pageSize };
}

/** Validates paging again in the service, for callers that do not go through the route schema. */
export function paging(pageNo = 1, pageSize = 20): { pageNo: number; pageSize: number; offset: number } {
  if (!Number.isInteger(pageNo) || pageNo < 1) throw AppError.badParameter('页码需为大于0的整数');
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) throw AppError.badParameter(PAGE_SIZE_MESSAGE);
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}

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
/**
 * Highest page number a list takes: with at most 100 a page the offset stays below a million rows,
 * far from PostgreSQL's bigint (README "Input limits").
 */
export const MAX_PAGE_NO = 10_000;
export const PAGE_NO_MESSAGE = `页码需为1到${MAX_PAGE_NO}之间的整数`;

/** pageNo / pageSize of every list request. */
export const pageQueryProperties = {
  pageNo: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PAGE_NO, default: 1, description: `Page number, 1 to ${MAX_PAGE_NO}`, errorMessage: PAGE_NO_MESSAGE }),
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
  if (!Number.isInteger(pageNo) || pageNo < 1 || pageNo > MAX_PAGE_NO) throw AppError.badParameter(PAGE_NO_MESSAGE);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 100) throw AppError.badParameter(PAGE_SIZE_MESSAGE);
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}

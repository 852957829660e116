import Type, { type Static } from 'typebox';
import { Envelope } from '../../lib/envelope.js';

// The region tree has exactly three levels and the department tree two, so their reply schemas
// spell the levels out (a recursive $ref would buy nothing and complicate the serialiser).
const district = Type.Object({ code: Type.String({ description: 'GB/T 2260, six digits' }), name: Type.String() });
const city = Type.Object({ code: Type.String(), name: Type.String(), children: Type.Optional(Type.Array(district)) });
const province = Type.Object({ code: Type.String(), name: Type.String(), children: Type.Optional(Type.Array(city)) });
export const RegionTreeResponse = { 200: Envelope(Type.Array(province)) };

const departmentLeaf = Type.Object({ id: Type.Integer(), name: Type.String() });
const departmentGroup = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  children: Type.Optional(Type.Array(departmentLeaf)),
});
export const DepartmentTreeResponse = { 200: Envelope(Type.Array(departmentGroup)) };

const code = (description: string) =>
  Type.Optional(Type.String({ maxLength: 12, description, errorMessage: '请选择城市' }));

export const HospitalQuery = Type.Object(
  {
    p_code: code('Province code'),
    c_code: code('City code'),
    a_code: code("District code: that district's hospitals come first ('' or absent: the city's order)"),
  },
  { additionalProperties: true },
);
export type HospitalQuery = Static<typeof HospitalQuery>;

export const UniversityQuery = Type.Object(
  { p_code: code('Province code'), c_code: code('City code') },
  { additionalProperties: true },
);
export type UniversityQuery = Static<typeof UniversityQuery>;

export const Institution = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  p_code: Type.String(),
  c_code: Type.String(),
  a_code: Type.Optional(Type.String()),
});
export type Institution = Static<typeof Institution>;

export const InstitutionListResponse = { 200: Envelope(Type.Array(Institution)) };

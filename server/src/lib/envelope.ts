import Type, { type TSchema } from 'typebox';
import { Messages } from './errors.js';

/** Reply schema of every /api route: `{ code, msg, data }` (ARCHITECTURE §3.1). */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    code: Type.Integer({ description: '0 success; otherwise a business error code' }),
    msg: Type.String(),
    data,
  });

export const ok = <T>(data: T, msg: string = Messages.success) => ({ code: 0, msg, data });

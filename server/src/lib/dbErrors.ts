/**
 * The constraint a unique violation (SQLSTATE 23505) broke, or undefined for any other error.
 * Drizzle wraps driver errors, so the cause chain is walked; PGlite and node-postgres both carry
 * `code` and `constraint`.
 */
export function uniqueViolation(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const candidate = e as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (candidate.code === '23505') return typeof candidate.constraint === 'string' ? candidate.constraint : '';
    e = candidate.cause;
  }
  return undefined;
}

/**
 * SQLSTATEs that mean "this input value cannot be stored or compared": invalid byte sequence
 * (NUL in text), unsupported Unicode escape, numeric value out of range, invalid text
 * representation, value too long, invalid LIMIT/OFFSET row count.
 */
const INPUT_SQLSTATES = new Set(['22021', '22P05', '22003', '22P02', '22001', '2201W', '2201X']);

/** Whether a database error (anywhere in the cause chain) was caused by an input value. */
export function inputRejectedByDatabase(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 5; depth++) {
    const candidate = e as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === 'string' && INPUT_SQLSTATES.has(candidate.code)) return true;
    e = candidate.cause;
  }
  return false;
}

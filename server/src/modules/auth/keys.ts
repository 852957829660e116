import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** One HMAC key per use, derived from AUTH_SECRET, so no two features share a key. */
export function deriveKey(secret: string, label: string): Buffer {
  return createHmac('sha256', secret).update(`qianyan:${label}`).digest();
}

export const hmacHex = (key: Buffer, text: string) => createHmac('sha256', key).update(text).digest('hex');
export const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** Constant-time comparison of two strings of any length. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

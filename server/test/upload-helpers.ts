import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

// Pictures and multipart bodies for the upload tests.

/** A multipart/form-data body with one file part (and optional text fields). */
export function multipart(
  file: { field?: string; filename: string; contentType: string; bytes: Buffer } | null,
  fields: Record<string, string> = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----qy${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A photo-like JPEG with EXIF (camera, GPS-ish text) that must not survive the re-encode. */
export function jpegWithExif(width = 1200, height = 800): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .composite([{ input: { create: { width: Math.floor(width / 3), height: Math.floor(height / 3), channels: 3, background: '#f60' } }, top: 10, left: 10 }])
    .withExif({ IFD0: { Make: 'QyCam', Copyright: 'SECRET-EXIF-MARKER' } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

export function pngWithAlpha(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 10, g: 200, b: 90, alpha: 0.5 } } }).png().toBuffer();
}

/** A PNG chunk with its CRC. */
export function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** Inserts a chunk right after IHDR (signature 8 bytes + IHDR 25 bytes). */
export function withChunkAfterIhdr(png: Buffer, chunk: Buffer): Buffer {
  return Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
}

/** A small valid PNG whose header claims width × height (a decompression-bomb header). */
export function pngClaiming(png: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(png);
  out.writeUInt32BE(width, 16);
  out.writeUInt32BE(height, 20);
  out.writeUInt32BE(crc32(out.subarray(12, 29)), 29);
  return out;
}

/** Every file under a folder (recursively), for "nothing stored" checks. */
export async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath ?? (e as unknown as { path: string }).path, e.name));
}

import { crc32, inflateSync } from 'node:zlib';
import sharp, { type Metadata, type Sharp } from 'sharp';

/** Upload limits (spec §5, §9): JPG or PNG, at most 10 MB; thumbnails 300 px wide. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const THUMB_WIDTH = 300;
/**
 * Largest picture decoded: 25 megapixels. Phone photos are 12 MP (most cameras' default, binned) to
 * 24 MP (5664×4248) and pass; re-encoding one raises the process's peak memory by about 6 bytes a
 * pixel (measured: 12 MP 77 MB, 24 MP 155 MB, 49 MP 297 MB), and two cores run a few at once. A
 * 48 MP full-resolution shot is refused with its own message. A small file can claim huge
 * dimensions (a decompression bomb: 30000×30000 is 900 MP, 3.6 GB of pixels); it is refused from
 * its header, before any pixel is decoded, with its own message.
 */
export const MAX_PIXELS = 25_000_000;
const MAX_SIDE = 20_000;

export type ImageFormat = 'jpeg' | 'png';

/** Why a file was refused: not a clean JPG/PNG ('type'), over 10 MB ('size'), or over MAX_PIXELS ('pixels'). */
export class ImageRefused extends Error {
  constructor(
    readonly reason: 'type' | 'size' | 'pixels',
    detail: string,
  ) {
    super(detail);
    this.name = 'ImageRefused';
  }
}

const refuseType = (detail: string): never => {
  throw new ImageRefused('type', detail);
};

// Libvips keeps decoded images in a cache by default; an upload server has no use for it.
sharp.cache(false);

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The format by the file's first bytes, never by its name or declared type. */
export function sniffFormat(bytes: Buffer): ImageFormat | undefined {
  if (bytes.subarray(0, 3).equals(JPEG_MAGIC)) return 'jpeg';
  if (bytes.subarray(0, 8).equals(PNG_MAGIC)) return 'png';
  return undefined;
}

/**
 * Signs of another file type hidden in an image's metadata: markup and script a browser or a
 * server might run if the file were ever served as something else, and archive headers.
 */
const ACTIVE_CONTENT = ['<script', '<html', '<body', '<iframe', '<svg', '<!doctype', '<object', '<embed', '<?php', 'javascript:', 'pk\u0003\u0004'];

function hasActiveContent(bytes: Buffer): boolean {
  if (bytes.length === 0) return false;
  const text = bytes.toString('latin1').toLowerCase();
  return ACTIVE_CONTENT.some((s) => text.includes(s));
}

/**
 * Walks a JPEG's segments to its end-of-image marker and returns the offset just after it; collects
 * metadata segments (APPn, COM). Only the entropy-coded data is skipped unread.
 */
function walkJpeg(buf: Buffer, start: number, metadata: Buffer[]): number {
  let pos = start + 2;
  for (;;) {
    if (pos + 1 >= buf.length) return refuseType('jpeg: no end-of-image marker');
    if (buf[pos] !== 0xff) return refuseType('jpeg: marker expected');
    while (buf[pos + 1] === 0xff && pos + 2 < buf.length) pos++; // fill bytes
    const marker = buf[pos + 1]!;
    pos += 2;
    if (marker === 0xd9) return pos;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (pos + 2 > buf.length) return refuseType('jpeg: truncated segment');
    const length = buf.readUInt16BE(pos);
    if (length < 2 || pos + length > buf.length) return refuseType('jpeg: bad segment length');
    if ((marker >= 0xe0 && marker <= 0xef) || marker === 0xfe) metadata.push(buf.subarray(pos + 2, pos + length));
    pos += length;
    if (marker === 0xda) {
      // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart marker.
      while (pos + 1 < buf.length) {
        if (buf[pos] === 0xff) {
          const next = buf[pos + 1]!;
          if (next !== 0x00 && next !== 0xff && !(next >= 0xd0 && next <= 0xd7)) break;
        }
        pos++;
      }
    }
  }
}

/**
 * A JPEG must end at its end-of-image marker. What phones put after it is allowed only when it is
 * itself a JPEG (the secondary pictures of the Multi-Picture Format: depth maps, gain maps), and
 * zero padding; anything else (an appended archive, script or page) makes it a polyglot.
 */
function checkJpegStructure(buf: Buffer): Buffer[] {
  const metadata: Buffer[] = [];
  let pos = 0;
  for (let image = 0; image < 8; image++) {
    pos = walkJpeg(buf, pos, metadata);
    while (pos < buf.length && buf[pos] === 0x00) pos++;
    if (pos === buf.length) return metadata;
    if (!buf.subarray(pos, pos + 3).equals(JPEG_MAGIC)) return refuseType('jpeg: data after the end of the image');
  }
  return refuseType('jpeg: too many embedded pictures');
}

/** Text in compressed PNG chunks, inflated with a cap (a bomb there must not cost memory either). */
function inflateText(data: Buffer): Buffer {
  try {
    return inflateSync(data, { maxOutputLength: 1024 * 1024 });
  } catch {
    return refuseType('png: unreadable compressed text');
  }
}

/**
 * Walks a PNG's chunks (each with a valid CRC) from IHDR to IEND; nothing may follow IEND. Returns
 * every chunk's data except the pixel data (IDAT), text chunks inflated.
 */
function checkPngStructure(buf: Buffer): Buffer[] {
  const metadata: Buffer[] = [];
  let pos = 8;
  let first = true;
  for (;;) {
    if (pos + 12 > buf.length) return refuseType('png: no IEND chunk');
    const length = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    if (!/^[A-Za-z]{4}$/.test(type)) return refuseType('png: bad chunk type');
    if (first && type !== 'IHDR') return refuseType('png: IHDR must come first');
    first = false;
    const end = pos + 12 + length;
    if (length > 0x7fffffff || end > buf.length) return refuseType('png: truncated chunk');
    const data = buf.subarray(pos + 8, pos + 8 + length);
    if (crc32(buf.subarray(pos + 4, pos + 8 + length)) !== buf.readUInt32BE(pos + 8 + length)) {
      return refuseType('png: bad chunk checksum');
    }
    if (type === 'zTXt') {
      const nul = data.indexOf(0);
      metadata.push(data.subarray(0, Math.max(nul, 0)), inflateText(data.subarray(nul + 2)));
    } else if (type === 'iTXt') {
      const nul = data.indexOf(0);
      const compressed = data[nul + 1] === 1;
      metadata.push(compressed ? Buffer.concat([data.subarray(0, nul), inflateText(textOfItxt(data, nul))]) : data);
    } else if (type !== 'IDAT') {
      metadata.push(data);
    }
    pos = end;
    if (type === 'IEND') {
      if (pos !== buf.length) return refuseType('png: data after IEND');
      return metadata;
    }
  }
}

/** The (compressed) text of an iTXt chunk: after keyword\0, flag, method, language\0, translated keyword\0. */
function textOfItxt(data: Buffer, keywordEnd: number): Buffer {
  const langEnd = data.indexOf(0, keywordEnd + 3);
  const transEnd = langEnd === -1 ? -1 : data.indexOf(0, langEnd + 1);
  if (transEnd === -1) return refuseType('png: malformed iTXt');
  return data.subarray(transEnd + 1);
}

export interface InspectedImage {
  format: ImageFormat;
  width: number;
  height: number;
}

/**
 * Decides whether bytes are a clean JPG or PNG: the magic number, the file's structure from start
 * to end marker, no active content in its metadata, the format libvips reads from the header
 * agreeing with the magic number, and dimensions within MAX_PIXELS. Throws ImageRefused.
 */
export async function inspectImage(bytes: Buffer): Promise<InspectedImage> {
  if (bytes.length > MAX_UPLOAD_BYTES) throw new ImageRefused('size', 'over 10 MB');
  const format = sniffFormat(bytes) ?? refuseType('not a JPEG or PNG signature');
  const metadata = format === 'jpeg' ? checkJpegStructure(bytes) : checkPngStructure(bytes);
  if (metadata.some(hasActiveContent)) refuseType(`${format}: active content in metadata`);

  let info: Metadata;
  try {
    info = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return refuseType(`${format}: unreadable header`);
  }
  if (info.format !== format) refuseType(`header says ${info.format}, bytes say ${format}`);
  const { width, height } = info;
  if (!width || !height) return refuseType('no dimensions');
  if (width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS) {
    throw new ImageRefused('pixels', `${width}×${height} is over ${MAX_PIXELS} pixels`);
  }
  return { format, width, height };
}

export interface ReencodedImage {
  format: ImageFormat;
  contentType: 'image/jpeg' | 'image/png';
  extension: 'jpg' | 'png';
  main: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes and encodes the picture again in its own format: only pixels survive (EXIF, GPS, text
 * chunks, trailing data are gone), turned upright by its EXIF orientation first. The thumbnail is
 * exactly THUMB_WIDTH wide.
 */
export async function reencodeImage(bytes: Buffer, inspected: InspectedImage): Promise<ReencodedImage> {
  const source = () => sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' }).rotate();
  const encode = (img: Sharp) =>
    inspected.format === 'jpeg' ? img.jpeg({ quality: 85, chromaSubsampling: '4:2:0' }) : img.png({ compressionLevel: 9 });
  try {
    const { data: main, info } = await encode(source()).toBuffer({ resolveWithObject: true });
    const thumb = await encode(source().resize({ width: THUMB_WIDTH })).toBuffer();
    return {
      format: inspected.format,
      contentType: inspected.format === 'jpeg' ? 'image/jpeg' : 'image/png',
      extension: inspected.format === 'jpeg' ? 'jpg' : 'png',
      main,
      thumb,
      width: info.width,
      height: info.height,
    };
  } catch (err) {
    if (err instanceof ImageRefused) throw err;
    // A file whose header looked right but whose pixels do not decode is not a usable picture.
    throw new ImageRefused('type', `decode failed: ${(err as Error).message}`);
  }
}

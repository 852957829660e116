// What an uploaded media file is, read from its bytes (docs/decisions.md "Editorial media"): the
// kind from its first bytes, then its duration and picture size from the file itself, by maintained
// parsers — mp4box (GPAC's ISO-BMFF parser) for MP4 and M4A, music-metadata for MP3, sharp for
// pictures. Nothing is taken from the file name or the declared content type.
import { open } from 'node:fs/promises';
import { createFile, Log, MP4BoxBuffer } from 'mp4box';
import { parseFile } from 'music-metadata';
import sharp from 'sharp';
import { MAX_PIXELS } from '../files/image.js';

export const MEDIA_KINDS = ['image', 'video', 'audio'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** What the first bytes say: a picture format, the ISO-BMFF family (MP4 or M4A: its tracks decide), or MP3. */
export type Sniffed = { family: 'jpeg' | 'png' | 'webp' } | { family: 'mp4'; majorBrand: string } | { family: 'mp3' };

/** Bytes needed to tell the formats apart (the ftyp box's major brand ends at byte 12). */
export const SNIFF_BYTES = 16;

const startsWith = (bytes: Buffer, magic: number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);
const ascii = (bytes: Buffer, from: number, to: number) => bytes.subarray(from, to).toString('latin1');

/**
 * ISO-BMFF brands of MP4 video and M4A audio. QuickTime ('qt  ') and 3GPP files share the box
 * structure but are other formats, which browsers do not all play: refused.
 */
const MP4_BRANDS = /^(isom|iso[2-9a-f]|mp41|mp42|mp71|avc1|hvc1|hev1|av01|dash|msdh|M4A |M4B |M4V |M4VH|M4VP|f4v |F4V )$/;

/**
 * The format by its magic number: JPEG FF D8 FF; PNG's 8-byte signature; WebP RIFF....WEBP; MP4 and
 * M4A an `ftyp` box first with an MP4 brand; MP3 an ID3v2 tag or an MPEG audio layer III frame header
 * (11 sync bits, a valid bitrate and sampling rate). undefined: none of them.
 */
export function sniffMedia(head: Buffer): Sniffed | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { family: 'jpeg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { family: 'png' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return { family: 'webp' };
  if (ascii(head, 4, 8) === 'ftyp' && head.length >= 12) {
    const majorBrand = ascii(head, 8, 12);
    return MP4_BRANDS.test(majorBrand) ? { family: 'mp4', majorBrand } : undefined;
  }
  if (ascii(head, 0, 3) === 'ID3' && head[3]! >= 2 && head[3]! <= 4) return { family: 'mp3' };
  if (head.length >= 4 && head[0] === 0xff && (head[1]! & 0xe0) === 0xe0) {
    const layer = (head[1]! >> 1) & 0x03; // 01 = layer III
    const version = (head[1]! >> 3) & 0x03; // 01 is reserved
    const bitrate = head[2]! >> 4; // 1111 is invalid
    const rate = (head[2]! >> 2) & 0x03; // 11 is reserved
    if (layer === 1 && version !== 1 && bitrate !== 0x0f && rate !== 0x03) return { family: 'mp3' };
  }
  return undefined;
}

/** The kind a sniffed file will be if its parse confirms it (an MP4 without a video track is audio). */
export function provisionalKind(sniffed: Sniffed): MediaKind {
  if (sniffed.family === 'mp3') return 'audio';
  if (sniffed.family === 'mp4') return /^M4[AB] $/.test(sniffed.majorBrand) ? 'audio' : 'video';
  return 'image';
}

/** A file whose magic number matched but which its parser could not read (damaged, cut short, no duration). */
export class MediaUnreadable extends Error {
  constructor(
    readonly reason: 'unreadable' | 'pixels' | 'noTrack',
    detail: string,
  ) {
    super(detail);
    this.name = 'MediaUnreadable';
  }
}

export interface ProbedMedia {
  kind: MediaKind;
  contentType: string;
  /** The extension stored keys get. */
  extension: string;
  /** Milliseconds; null for pictures. */
  durationMs: number | null;
  /** Pixels (as displayed: a JPEG's EXIF orientation applied); null for audio. */
  width: number | null;
  height: number | null;
}

const IMAGE_TYPES = {
  jpeg: { contentType: 'image/jpeg', extension: 'jpg' },
  png: { contentType: 'image/png', extension: 'png' },
  webp: { contentType: 'image/webp', extension: 'webp' },
} as const;

/** Reads a picture's header (sharp/libvips): its format must be the sniffed one and its size within MAX_PIXELS. */
async function probeImage(bytes: Buffer, family: 'jpeg' | 'png' | 'webp'): Promise<ProbedMedia> {
  let meta;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw new MediaUnreadable('unreadable', `image header: ${(err as Error).message}`);
  }
  if (meta.format !== family || !meta.width || !meta.height) throw new MediaUnreadable('unreadable', `image: sharp reads ${meta.format}`);
  if (meta.width * meta.height > MAX_PIXELS) throw new MediaUnreadable('pixels', `${meta.width}x${meta.height}`);
  const turned = (meta.orientation ?? 1) >= 5;
  return {
    kind: 'image',
    ...IMAGE_TYPES[family],
    durationMs: null,
    width: turned ? meta.height : meta.width,
    height: turned ? meta.width : meta.height,
  };
}

/** mp4box reads what it is given; it logs to the console unless told to keep quiet. */
Log.setLogLevel(Log.error);
const MP4_READ_CHUNK = 1024 * 1024;

/**
 * Reads an MP4/M4A's movie box with mp4box, feeding the file in 1 MB pieces from where the parser
 * asks next: a movie box after the media data (a file not made "fast start") is reached by skipping
 * the media data, not by reading it, so memory stays at a few pieces whatever the file's size.
 */
async function probeMp4(path: string): Promise<ProbedMedia> {
  const file = await open(path);
  try {
    const size = (await file.stat()).size;
    const mp4 = createFile();
    let info: Parameters<NonNullable<typeof mp4.onReady>>[0] | undefined;
    let failure: string | undefined;
    mp4.onReady = (movie) => {
      info = movie;
    };
    mp4.onError = (module, message) => {
      failure = `${module}: ${message}`;
    };
    let position = 0;
    for (let reads = 0; !info && !failure && position < size && reads < 10_000; reads++) {
      const piece = Buffer.alloc(Math.min(MP4_READ_CHUNK, size - position));
      const { bytesRead } = await file.read(piece, 0, piece.length, position);
      if (bytesRead === 0) break;
      const buffer = MP4BoxBuffer.fromArrayBuffer(piece.buffer.slice(piece.byteOffset, piece.byteOffset + bytesRead), position);
      const next = mp4.appendBuffer(buffer);
      position = typeof next === 'number' && next > position ? next : position + bytesRead;
    }
    if (!info) mp4.flush();
    if (!info) throw new MediaUnreadable('unreadable', failure ?? 'mp4: no movie box');
    // A fragmented file's movie header may say 0: its movie-extends header has the whole duration then.
    const fragments = info.fragment_duration;
    const seconds = info.duration ? info.duration / (info.timescale || 1) : fragments && fragments.den ? fragments.num / fragments.den : 0;
    if (!Number.isFinite(seconds) || seconds <= 0) throw new MediaUnreadable('unreadable', 'mp4: no duration');
    const video = info.videoTracks[0];
    if (video) {
      const width = video.video?.width || video.track_width;
      const height = video.video?.height || video.track_height;
      return { kind: 'video', contentType: 'video/mp4', extension: 'mp4', durationMs: Math.round(seconds * 1000), width: width || null, height: height || null };
    }
    if (info.audioTracks.length === 0) throw new MediaUnreadable('noTrack', 'mp4: neither video nor audio');
    return { kind: 'audio', contentType: 'audio/mp4', extension: 'm4a', durationMs: Math.round(seconds * 1000), width: null, height: null };
  } finally {
    await file.close();
  }
}

/**
 * Reads an MP3 with music-metadata: the duration from its Xing/Info or VBRI header, or by scanning
 * its frames when it has neither. The stream must be MPEG layer III (an ID3 tag can sit before
 * anything).
 */
async function probeMp3(path: string): Promise<ProbedMedia> {
  let format;
  try {
    ({ format } = await parseFile(path, { duration: true, skipCovers: true }));
  } catch (err) {
    throw new MediaUnreadable('unreadable', `mp3: ${(err as Error).message}`);
  }
  if (format.container !== 'MPEG' || !/layer 3/i.test(format.codec ?? '')) {
    throw new MediaUnreadable('unreadable', `mp3: ${format.container} ${format.codec}`);
  }
  const seconds = format.duration ?? 0;
  if (!Number.isFinite(seconds) || seconds <= 0) throw new MediaUnreadable('unreadable', 'mp3: no duration');
  return { kind: 'audio', contentType: 'audio/mpeg', extension: 'mp3', durationMs: Math.round(seconds * 1000), width: null, height: null };
}

/** Probes a staged upload. `bytes` is given for pictures (they are small and decoded in memory anyway). */
export async function probeMedia(sniffed: Sniffed, path: string, readBytes: () => Promise<Buffer>): Promise<ProbedMedia> {
  switch (sniffed.family) {
    case 'jpeg':
    case 'png':
    case 'webp':
      return probeImage(await readBytes(), sniffed.family);
    case 'mp4':
      return probeMp4(path);
    case 'mp3':
      return probeMp3(path);
  }
}

/** The 1200 px cover and the 300 px thumbnail of a picture (never enlarged), in its own format, metadata dropped. */
export const COVER_WIDTH = 1200;
export const THUMB_WIDTH = 300;

export async function resizedCopies(bytes: Buffer, family: 'jpeg' | 'png' | 'webp'): Promise<{ cover: Buffer; thumb: Buffer }> {
  const resized = (width: number) => {
    const image = sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'truncated' })
      .rotate()
      .resize({ width, withoutEnlargement: true });
    return (family === 'jpeg' ? image.jpeg({ quality: 85, mozjpeg: true }) : family === 'png' ? image.png({ compressionLevel: 9 }) : image.webp({ quality: 82 })).toBuffer();
  };
  try {
    const [cover, thumb] = await Promise.all([resized(COVER_WIDTH), resized(THUMB_WIDTH)]);
    return { cover, thumb };
  } catch (err) {
    throw new MediaUnreadable('unreadable', `resize: ${(err as Error).message}`);
  }
}

#!/usr/bin/env node
/**
 * Makes the demo video and audio files the seed points at: the free items' in server/assets/media
 * (public, /api/static/media/), the gated items' in server/media (signed URLs only, /api/media/).
 *
 * Every file is synthesised from ffmpeg's own test sources (fractals, test
 * patterns, tones): nothing is downloaded and nothing is copied from anyone's
 * recording. The outputs are small and committed, so seeding never needs ffmpeg;
 * run this only to change them:
 *
 *   npm install --no-save @ffmpeg-installer/ffmpeg   # or set FFMPEG=/path/to/ffmpeg
 *   node server/scripts/make-demo-media.mjs
 *
 * The journal articles' placeholder videos are two-second 8-bit tones, not made here:
 * assets/media/demo-tone.wav (free items) and media/journal-video.wav (gated, a 523 Hz tone).
 *
 * Video is H.264 + AAC in MP4 with the index at the front (plays progressively
 * in every browser and in the WeChat in-app browser); audio is MP3.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const publicDir = join(serverDir, 'assets', 'media');
const protectedDir = join(serverDir, 'media');

function findFfmpeg() {
  if (process.env.FFMPEG) return process.env.FFMPEG;
  try {
    const path = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg').path;
    chmodSync(path, 0o755); // its postinstall (a chmod) is not run by npm 11 unless approved
    return path;
  } catch {
    console.error('ffmpeg not found: set FFMPEG, or run `npm install --no-save @ffmpeg-installer/ffmpeg` first.');
    process.exit(1);
  }
}

/** Each video: a picture source and a tone, 8 seconds, 480×270 at 15 fps. */
const videos = [
  { name: 'animation-1.mp4', dir: publicDir, picture: 'mandelbrot=size=480x270:rate=15', tone: 'sine=frequency=330:sample_rate=44100' },
  { name: 'animation-2.mp4', dir: protectedDir, picture: 'mandelbrot=size=480x270:rate=15:start_x=-0.743643887037151:start_y=0.131825904205330:start_scale=0.5:inner=period', tone: 'sine=frequency=392:sample_rate=44100' },
  { name: 'lesson-1.mp4', dir: protectedDir, picture: 'testsrc2=size=480x270:rate=15', tone: 'sine=frequency=262:sample_rate=44100' },
  { name: 'lesson-2.mp4', dir: protectedDir, picture: 'cellauto=size=480x270:rate=15:rule=110', tone: 'sine=frequency=294:sample_rate=44100' },
];

/** Each audio: two tones a fifth apart, faded in and out, 12 seconds. */
const audios = [
  { name: 'audio-1.mp3', dir: protectedDir, low: 220, high: 330 },
  { name: 'audio-2.mp3', dir: protectedDir, low: 247, high: 370 },
  { name: 'audio-3.mp3', dir: protectedDir, low: 196, high: 294 },
];

const ffmpeg = findFfmpeg();
for (const dir of [publicDir, protectedDir]) mkdirSync(dir, { recursive: true });
const run = (args) => execFileSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...args], { stdio: 'inherit' });

for (const v of videos) {
  run([
    '-f', 'lavfi', '-i', v.picture,
    '-f', 'lavfi', '-i', v.tone,
    '-t', '8',
    '-vf', 'format=yuv420p',
    '-c:v', 'libx264', '-profile:v', 'baseline', '-preset', 'veryslow', '-crf', '34',
    '-af', 'volume=0.15,afade=t=in:d=0.5,afade=t=out:st=7.4:d=0.6',
    '-c:a', 'aac', '-b:a', '48k',
    '-movflags', '+faststart',
    join(v.dir, v.name),
  ]);
}

for (const a of audios) {
  run([
    '-f', 'lavfi', '-i', `sine=frequency=${a.low}:sample_rate=44100`,
    '-f', 'lavfi', '-i', `sine=frequency=${a.high}:sample_rate=44100`,
    '-filter_complex', 'amix=inputs=2,volume=0.3,afade=t=in:d=1,afade=t=out:st=10.5:d=1.5',
    '-t', '12',
    '-c:a', 'libmp3lame', '-b:a', '64k',
    join(a.dir, a.name),
  ]);
}

for (const f of [...videos, ...audios]) {
  console.log(`${f.name}\t${(statSync(join(f.dir, f.name)).size / 1024).toFixed(0)} KiB`);
}

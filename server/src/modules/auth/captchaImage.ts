import { randomInt } from 'node:crypto';
import sharp from 'sharp';

// Glyphs as hand-drawn strokes in a 10 × 16 box (y downwards). They are drawn as jittered,
// rotated curves with noise, so the picture carries no text a parser could read back.
type Stroke = Array<[number, number]>;
const GLYPHS: Record<string, Stroke[]> = {
  '0': [[[5, 0], [8.6, 2], [10, 8], [8.6, 14], [5, 16], [1.4, 14], [0, 8], [1.4, 2], [5, 0]]],
  '1': [[[2, 3.5], [5.5, 0], [5.5, 16]], [[2, 16], [9, 16]]],
  '2': [[[0.5, 3.5], [2.5, 0.6], [6, 0], [9, 2], [9.4, 5], [7.5, 8.5], [0, 16], [10, 16]]],
  '3': [[[0.5, 2], [4, 0], [8, 0.8], [9.4, 3.6], [8, 7], [4, 8]], [[4, 8], [8.5, 9.5], [10, 12.5], [8, 15.4], [4, 16], [0, 14]]],
  '4': [[[7.5, 16], [7.5, 0], [0, 11], [10, 11]]],
  '5': [[[9.5, 0], [1.5, 0], [0.8, 7], [4.5, 6], [8.5, 7.5], [10, 11], [8.5, 15], [4.5, 16], [0.5, 14.5]]],
  '6': [[[8.5, 1], [5, 0], [1.5, 2.5], [0, 8], [0.5, 13], [3, 16], [7, 16], [9.8, 13], [9.5, 9.5], [6.5, 7.5], [3, 8], [0.3, 10.5]]],
  '7': [[[0, 0], [10, 0], [4, 16]]],
  '8': [[[5, 8], [1.2, 6], [1, 2.5], [5, 0], [9, 2.5], [8.8, 6], [5, 8], [0.5, 11], [1, 14.5], [5, 16], [9, 14.5], [9.5, 11], [5, 8]]],
  '9': [[[9.7, 5.5], [7, 8], [3, 8.2], [0.3, 5.5], [1, 1.8], [5, 0], [8.8, 1.5], [10, 6], [9, 12], [6, 15.5], [2, 15.5]]],
  '+': [[[5, 3.5], [5, 12.5]], [[0.5, 8], [9.5, 8]]],
  '-': [[[1, 8], [9, 8]]],
  '×': [[[1.5, 4], [8.5, 12]], [[8.5, 4], [1.5, 12]]],
  '=': [[[0.5, 5.5], [9.5, 5.5]], [[0.5, 10.5], [9.5, 10.5]]],
  '?': [[[0.5, 3.5], [2.5, 0.5], [6, 0], [9, 2], [9, 5.5], [5, 8.5], [5, 11.5]], [[5, 14.6], [5.2, 15.9]]],
};

const WIDTH = 240;
const HEIGHT = 80;
const rnd = (min: number, max: number) => min + (randomInt(0, 1_000_000) / 1_000_000) * (max - min);
const f = (n: number) => n.toFixed(1);

/** A smooth path through the points (Catmull-Rom turned into cubic Béziers). */
function smoothPath(points: Array<[number, number]>): string {
  if (points.length < 2) return '';
  let d = `M${f(points[0]![0])},${f(points[0]![1])}`;
  for (let i = 0; i < points.length - 1; i++) {
    const p0 = points[Math.max(i - 1, 0)]!;
    const p1 = points[i]!;
    const p2 = points[i + 1]!;
    const p3 = points[Math.min(i + 2, points.length - 1)]!;
    const c1: [number, number] = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: [number, number] = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += ` C${f(c1[0])},${f(c1[1])} ${f(c2[0])},${f(c2[1])} ${f(p2[0])},${f(p2[1])}`;
  }
  return d;
}

function glyphPaths(char: string, x: number, y: number, scale: number, angle: number, colour: string): string {
  const strokes = GLYPHS[char] ?? [];
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  const shear = rnd(-0.25, 0.25);
  return strokes
    .map((stroke) => {
      const pts = stroke.map(([gx, gy]): [number, number] => {
        // Centre the glyph, shear, jitter each point, rotate, scale, place.
        const cx = gx - 5 + shear * (gy - 8) + rnd(-0.6, 0.6);
        const cy = gy - 8 + rnd(-0.6, 0.6);
        return [x + (cx * cos - cy * sin) * scale, y + (cx * sin + cy * cos) * scale];
      });
      const width = rnd(2.6, 3.8);
      return `<path d="${smoothPath(pts)}" fill="none" stroke="${colour}" stroke-width="${f(width)}" stroke-linecap="round" stroke-linejoin="round"/>`;
    })
    .join('');
}

const darkColour = () => `hsl(${randomInt(0, 360)},${randomInt(45, 75)}%,${randomInt(22, 38)}%)`;
const lightColour = () => `hsl(${randomInt(0, 360)},${randomInt(30, 60)}%,${randomInt(70, 88)}%)`;

/** The SVG of a question such as "7 + 5 = ?": distorted strokes, crossing curves and dots. */
export function captchaSvg(question: string): string {
  const chars = [...question.replace(/\s+/g, '')];
  const step = (WIDTH - 36) / chars.length;
  const parts: string[] = [];
  for (let i = 0; i < 6; i++) {
    parts.push(
      `<path d="M${f(rnd(-10, 30))},${f(rnd(0, HEIGHT))} Q${f(rnd(40, 200))},${f(rnd(-30, HEIGHT + 30))} ${f(rnd(210, 250))},${f(rnd(0, HEIGHT))}" fill="none" stroke="${lightColour()}" stroke-width="${f(rnd(1, 3))}"/>`,
    );
  }
  chars.forEach((char, i) => {
    const x = 24 + step * i + step / 2 + rnd(-4, 4);
    const y = HEIGHT / 2 + rnd(-5, 5);
    parts.push(glyphPaths(char, x, y, rnd(2.5, 3.0), rnd(-0.35, 0.35), darkColour()));
  });
  for (let i = 0; i < 3; i++) {
    parts.push(
      `<path d="M${f(rnd(0, 40))},${f(rnd(10, HEIGHT - 10))} C${f(rnd(40, 120))},${f(rnd(-20, HEIGHT + 20))} ${f(rnd(120, 200))},${f(rnd(-20, HEIGHT + 20))} ${f(rnd(200, WIDTH))},${f(rnd(10, HEIGHT - 10))}" fill="none" stroke="${darkColour()}" stroke-opacity="0.55" stroke-width="${f(rnd(1.2, 2))}"/>`,
    );
  }
  for (let i = 0; i < 70; i++) {
    parts.push(`<circle cx="${f(rnd(0, WIDTH))}" cy="${f(rnd(0, HEIGHT))}" r="${f(rnd(0.6, 1.8))}" fill="${i % 3 ? lightColour() : darkColour()}"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}"><rect width="100%" height="100%" fill="hsl(${randomInt(0, 360)},40%,96%)"/>${parts.join('')}</svg>`;
}

/** A fresh arithmetic question with a small, non-negative answer. */
export function arithmeticQuestion(): { question: string; answer: number } {
  const op = (['+', '-', '×'] as const)[randomInt(0, 3)]!;
  let a = randomInt(1, 10);
  let b = randomInt(1, 10);
  if (op === '-' && b > a) [a, b] = [b, a];
  const answer = op === '+' ? a + b : op === '-' ? a - b : a * b;
  return { question: `${a} ${op} ${b} = ?`, answer };
}

export async function captchaPng(question: string): Promise<Buffer> {
  return sharp(Buffer.from(captchaSvg(question))).png({ compressionLevel: 9, palette: true }).toBuffer();
}

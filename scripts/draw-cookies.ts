/**
 * Draws the demo cookies that have no hand-made illustration yet as SVGs in
 * src/app/assets/products/src/, in the style of the others (a warm plate, a soft shadow, a
 * hand-shaped cookie with a lit dough texture, and its own toppings). Seeded, so re-running it
 * gives the same pictures. Then `node --import tsx scripts/build-images.ts` renders them.
 *
 *   node --import tsx scripts/draw-cookies.ts
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

const outDir = path.resolve(import.meta.dirname, '../src/app/assets/products/src');

/** Mulberry32: small, seeded, good enough for scattering crumbs. */
function rng(seed: number) {
  let a = seed;
  return () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n: number) => n.toFixed(1);

/** A closed wobbly outline around (cx, cy) as a smooth path. */
function blob(r: () => number, cx: number, cy: number, radius: number, wobble: number, points = 24) {
  const pts = Array.from({ length: points }, (_, i) => {
    const a = (i / points) * Math.PI * 2;
    const rr = radius * (1 + (r() - 0.5) * wobble);
    return [cx + Math.cos(a) * rr, cy + Math.sin(a) * rr * 0.97] as const;
  });
  const mid = (p: readonly number[], q: readonly number[]) => [(p[0]! + q[0]!) / 2, (p[1]! + q[1]!) / 2];
  let d = `M${f(mid(pts.at(-1)!, pts[0]!)[0]!)} ${f(mid(pts.at(-1)!, pts[0]!)[1]!)}`;
  pts.forEach((p, i) => {
    const m = mid(p, pts[(i + 1) % points]!);
    d += `Q${f(p[0])} ${f(p[1])} ${f(m[0]!)} ${f(m[1]!)}`;
  });
  return `${d}Z`;
}

/** The Halton sequence: evenly spread fractions in [0, 1), unrelated to the golden angle. */
function halton(index: number, base: number) {
  let result = 0;
  let fraction = 1 / base;
  for (let i = index; i > 0; i = Math.floor(i / base)) {
    result += fraction * (i % base);
    fraction /= base;
  }
  return result;
}

/**
 * Points spread evenly inside the cookie, away from its edge (a jittered sunflower pattern:
 * random points clump, and toppings should look scattered by hand, not in heaps).
 */
function scatterer(r: () => number, cx: number, cy: number, radius: number) {
  let k = 0;
  return () => {
    k++;
    const a = k * 2.399963 + (r() - 0.5) * 0.6;
    const d = Math.sqrt((halton(k, 3) + r() * 0.08) % 1) * radius;
    return [cx + Math.cos(a) * d, cy + Math.sin(a) * d] as const;
  };
}

interface Recipe {
  name: string;
  seed: number;
  /** Dough: centre, middle, edge colours. */
  dough: [string, string, string];
  toppings: (r: () => number, at: () => readonly [number, number]) => string;
}

const scatter = (n: number, draw: (i: number) => string) =>
  Array.from({ length: n }, (_, i) => draw(i)).join('');

const crystals = (
  r: () => number,
  at: () => readonly [number, number],
  n: number,
  fill: string,
  stroke: string,
) =>
  scatter(n, () => {
    const [x, y] = at();
    const s = 4 + r() * 6;
    return `<rect x="${f(x)}" y="${f(y)}" width="${f(s)}" height="${f(s)}" rx="1" transform="rotate(${f(r() * 90)} ${f(x + s / 2)} ${f(y + s / 2)})" fill="${fill}" fill-opacity="0.9" stroke="${stroke}" stroke-width="0.6"/>`;
  });

const chunks = (
  r: () => number,
  at: () => readonly [number, number],
  n: number,
  fill: string,
  shine: string,
  size: [number, number],
) =>
  scatter(n, () => {
    const [x, y] = at();
    const s = size[0] + r() * (size[1] - size[0]);
    return `<path d="${blob(r, x, y, s, 0.5, 7)}" fill="${fill}" stroke="#00000022" stroke-width="1.5"/><ellipse cx="${f(x - s * 0.3)}" cy="${f(y - s * 0.3)}" rx="${f(s * 0.3)}" ry="${f(s * 0.18)}" fill="${shine}" fill-opacity="0.55"/>`;
  });

const RECIPES: Recipe[] = [
  {
    name: 'classic-shropshire-butter',
    seed: 11,
    dough: ['#fbe3a8', '#f1c877', '#c98a3e'],
    toppings: (r, at) =>
      // A ring of fork-pressed ridges and a dusting of golden sugar.
      scatter(18, (i) => {
        const a = (i / 18) * Math.PI * 2;
        const x = 400 + Math.cos(a) * 205;
        const y = 400 + Math.sin(a) * 200;
        return `<path d="M${f(x)} ${f(y)}l${f(Math.cos(a) * 40)} ${f(Math.sin(a) * 40)}" stroke="#b9782f" stroke-opacity="0.35" stroke-width="7" stroke-linecap="round"/>`;
      }) + crystals(r, at, 70, '#fff3cf', '#d7a255'),
  },
  {
    name: 'double-ginger-crunch',
    seed: 23,
    dough: ['#c98a4a', '#a8652a', '#6e3912'],
    toppings: (r, at) =>
      // Crackled top, amber stem-ginger pieces and demerara crystals.
      scatter(26, () => {
        const [x, y] = at();
        const a = r() * Math.PI;
        const l = 30 + r() * 50;
        return `<path d="M${f(x)} ${f(y)}q${f(Math.cos(a) * l * 0.5 + 10)} ${f(Math.sin(a) * l * 0.5 - 8)} ${f(Math.cos(a) * l)} ${f(Math.sin(a) * l)}" stroke="#4a230a" stroke-opacity="0.45" stroke-width="3" fill="none" stroke-linecap="round"/>`;
      }) +
      chunks(r, at, 16, '#eeb458', '#fff1c4', [11, 18]) +
      crystals(r, at, 60, '#e9c27a', '#8b5a20'),
  },
  {
    name: 'white-chocolate-raspberry',
    seed: 37,
    dough: ['#f6d9a3', '#e9bd74', '#b98040'],
    toppings: (r, at) =>
      chunks(r, at, 20, '#fbf3e2', '#ffffff', [18, 30]) + chunks(r, at, 16, '#c8283f', '#ff8fa0', [11, 18]),
  },
  {
    name: 'oat-golden-syrup',
    seed: 41,
    dough: ['#eab56a', '#d2954a', '#9c5c23'],
    toppings: (r, at) =>
      // Rolled oat flakes and a golden syrup sheen.
      `${scatter(70, () => {
        const [x, y] = at();
        const rx = 7 + r() * 7;
        return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rx)}" ry="${f(rx * 0.55)}" transform="rotate(${f(r() * 180)} ${f(x)} ${f(y)})" fill="#f6e2b5" fill-opacity="0.85" stroke="#b7844a" stroke-width="1"/>`;
      })}<ellipse cx="360" cy="340" rx="170" ry="120" fill="#ffc95a" fill-opacity="0.16"/>`,
  },
  {
    name: 'peanut-butter-honey',
    seed: 53,
    dough: ['#e7b877', '#cf9651', '#94592a'],
    toppings: (r, at) =>
      // The fork's criss-cross, peanut halves and a honey drizzle.
      [-1, 1]
        .map((dir) =>
          scatter(7, (i) => {
            const off = (i - 3) * 52;
            return `<path d="M${f(400 + off - 150 * dir)} ${f(250)}l${f(300 * dir)} 300" stroke="#8a4f1f" stroke-opacity="0.28" stroke-width="9" stroke-linecap="round"/>`;
          }),
        )
        .join('') +
      chunks(r, at, 14, '#f2cf8e', '#fff4d8', [13, 19]) +
      `<path d="M210 330C300 280 360 420 450 360S580 300 600 420" stroke="#f3b536" stroke-opacity="0.7" stroke-width="12" fill="none" stroke-linecap="round"/>`,
  },
  {
    name: 'lemon-poppy-seed',
    seed: 67,
    dough: ['#fbe7a6', '#f0cf72', '#c79a3e'],
    toppings: (r, at) =>
      // Thin lemon icing lines, poppy seeds and curls of zest.
      scatter(6, (i) => {
        const y = 270 + i * 50;
        return `<path d="M230 ${y}c60 -25 120 25 180 0s120 -25 160 5" stroke="#fffbe8" stroke-opacity="0.9" stroke-width="8" fill="none" stroke-linecap="round"/>`;
      }) +
      scatter(160, () => {
        const [x, y] = at();
        return `<ellipse cx="${f(x)}" cy="${f(y)}" rx="2.6" ry="1.9" transform="rotate(${f(r() * 180)} ${f(x)} ${f(y)})" fill="#1d1f2b"/>`;
      }) +
      scatter(8, () => {
        const [x, y] = at();
        return `<path d="M${f(x)} ${f(y)}q12 -14 26 -4" stroke="#f7d21a" stroke-width="5" fill="none" stroke-linecap="round"/>`;
      }),
  },
];

function draw({ name, seed, dough, toppings }: Recipe): string {
  const r = rng(seed);
  const outline = blob(r, 400, 400, 275, 0.07, 28);
  const at = scatterer(r, 400, 400, 235);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800">
<title>${name}</title>
<defs>
  <radialGradient id="bg" cx="0.42" cy="0.38" r="0.8"><stop offset="0" stop-color="#fcf1e2"/><stop offset="0.6" stop-color="#f3dec4"/><stop offset="1" stop-color="#e2c29d"/></radialGradient>
  <radialGradient id="ck" cx="0.46" cy="0.44" r="0.56"><stop offset="0" stop-color="${dough[0]}"/><stop offset="0.7" stop-color="${dough[1]}"/><stop offset="1" stop-color="${dough[2]}"/></radialGradient>
  <linearGradient id="light" x1="0.15" y1="0.1" x2="0.85" y2="0.95"><stop offset="0" stop-color="#fff3d6" stop-opacity="0.35"/><stop offset="0.45" stop-color="#fff3d6" stop-opacity="0"/><stop offset="0.7" stop-color="#3d1c06" stop-opacity="0"/><stop offset="1" stop-color="#3d1c06" stop-opacity="0.3"/></linearGradient>
  <filter id="dough" x="0" y="0" width="1" height="1" color-interpolation-filters="sRGB">
    <feTurbulence type="fractalNoise" baseFrequency="0.02" numOctaves="3" seed="${seed}" result="n"/>
    <feDiffuseLighting in="n" surfaceScale="4.5" diffuseConstant="1.25" lighting-color="#ffe6bd" result="l"><feDistantLight azimuth="225" elevation="50"/></feDiffuseLighting>
    <feComposite in="SourceGraphic" in2="l" operator="arithmetic" k1="0.9" k2="0.25" result="m"/>
    <feComposite in="m" in2="SourceGraphic" operator="in"/>
  </filter>
  <filter id="shadow" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="16"/></filter>
  <radialGradient id="vig" cx="0.5" cy="0.48" r="0.72"><stop offset="0.6" stop-color="#5a3412" stop-opacity="0"/><stop offset="1" stop-color="#5a3412" stop-opacity="0.22"/></radialGradient>
  <clipPath id="clip"><path d="${outline}"/></clipPath>
</defs>
<rect width="800" height="800" fill="url(#bg)"/>
<g filter="url(#shadow)"><ellipse cx="417" cy="426" rx="285" ry="274" fill="#4b2a10" fill-opacity="0.42"/></g>
<path d="${outline}" fill="${dough[2]}" transform="translate(3 8)"/>
<g filter="url(#dough)"><path d="${outline}" fill="url(#ck)"/></g>
<g clip-path="url(#clip)">${toppings(r, at)}</g>
<path d="${outline}" fill="url(#light)"/>
<path d="${outline}" fill="none" stroke="#6f3a12" stroke-opacity="0.5" stroke-width="2.3"/>
<rect width="800" height="800" fill="url(#vig)"/>
</svg>
`;
}

for (const recipe of RECIPES) {
  await writeFile(path.join(outDir, `${recipe.name}.svg`), draw(recipe));
  console.log(`drew ${recipe.name}.svg`);
}

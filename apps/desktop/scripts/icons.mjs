// Makes the desktop app's icons from the Mentora logo (apps/web/public/favicon.svg, the same mark the UI's
// Logo shows) into apps/desktop/build, electron-builder's buildResources folder:
//   build/icon.png             1024x1024, the logo edge to edge (Windows and Linux style)
//   build/icons/NxN.png        16 ... 512, the Linux icon set (hicolor sizes)
//   build/icon.ico             16 ... 256 (Windows; small sizes as bitmaps, the rest as PNG)
//   build/icon.icns            16 ... 1024 (macOS), from the logo inside Apple's icon grid (824 of 1024)
// Every PNG is rendered from the vector logo at its own size (sharp), so the small ones stay sharp.
// Run with `pnpm --filter @mentora/desktop icons` after a logo change, and commit the result.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import png2icons from 'png2icons';
import sharp from 'sharp';

export const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512];

const desktopDir = path.resolve(import.meta.dirname, '..');
const buildDir = path.join(desktopDir, 'build');
const logoPath = path.resolve(desktopDir, '../web/public/favicon.svg');

/** The logo as a size x size PNG; `inset` leaves that share of the size empty around it. */
async function render(svg, size, inset = 0) {
  const inner = Math.round(size * (1 - 2 * inset));
  // density scales the 32-unit SVG so librsvg draws it at the target size, not a blurred upscale.
  const density = Math.max(72, Math.ceil((72 * inner) / 32));
  const logo = await sharp(svg, { density }).resize(inner, inner).png().toBuffer();
  if (inner === size) return sharp(logo).png({ compressionLevel: 9 }).toBuffer();
  const pad = Math.round((size - inner) / 2);
  return sharp({ create: { width: size, height: size, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
    .composite([{ input: logo, left: pad, top: pad }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

async function main() {
  const svg = await readFile(logoPath);
  await mkdir(path.join(buildDir, 'icons'), { recursive: true });
  const written = [];
  const write = async (name, data) => {
    await writeFile(path.join(buildDir, name), data);
    written.push(`${name} (${data.length} bytes)`);
  };

  const full = await render(svg, 1024);
  await write('icon.png', full);
  for (const size of LINUX_SIZES) await write(`icons/${size}x${size}.png`, await render(svg, size));

  const ico = png2icons.createICO(full, png2icons.BICUBIC2, 0, false, true);
  if (!ico) throw new Error('png2icons could not make icon.ico');
  await write('icon.ico', ico);

  // macOS draws app icons on a 1024 grid with the body 824 wide: without the margin the icon looks too big.
  const macSource = await render(svg, 1024, 100 / 1024);
  const icns = png2icons.createICNS(macSource, png2icons.BICUBIC2, 0);
  if (!icns) throw new Error('png2icons could not make icon.icns');
  await write('icon.icns', icns);

  console.log(`Icons from ${path.relative(desktopDir, logoPath)} in ${path.relative(process.cwd(), buildDir)}:`);
  for (const line of written) console.log(`  ${line}`);
}

await main();

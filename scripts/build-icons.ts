// Renders the app icons from web/public/favicon.svg. Run once after changing the logo; the PNGs are
// committed (they are small and change only with the brand): `npx tsx scripts/build-icons.ts`.
import sharp from 'sharp';

const SVG = 'web/public/favicon.svg';
const OUT = [
  { file: 'web/public/icons/icon-192.png', size: 192 },
  { file: 'web/public/icons/icon-512.png', size: 512 },
  { file: 'web/public/icons/apple-touch-icon.png', size: 180 },
];

for (const { file, size } of OUT) {
  await sharp(SVG, { density: Math.ceil((72 * size) / 64) })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(file);
  console.log(`${file} ${size}x${size}`);
}

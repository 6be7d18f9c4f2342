/**
 * Photos for the pipeline's tests, made with sharp at test time (no binary fixture in the repository):
 * a phone-like JPEG with GPS, a camera serial, XMP, an ICC profile and orientation 6; a PNG that claims
 * 30,000 x 30,000 pixels; a truncated JPEG; a noisy JPEG of about 20 MB.
 */
import sharp from 'sharp';

export const RED = { r: 220, g: 20, b: 30 };
export const BLUE = { r: 20, g: 40, b: 220 };
export const GREY = { r: 128, g: 128, b: 128 };

export const CAMERA_SERIAL = 'SN-4815162342';
export const CAMERA_MAKE = 'SolasTestCam';

/**
 * 1200 x 900 as stored, with orientation 6 (shown turned 90 degrees clockwise: 900 x 1200). The stored
 * image is red on its left 450 columns and blue on its right 450, grey between, so upright it is red at
 * the top and blue at the bottom; any square crop of the upright picture keeps red on its top row and
 * blue on its bottom row, while an unrotated one would show red, grey and blue side by side.
 */
export async function phonePhoto(): Promise<Buffer> {
  const band = (color: typeof RED) =>
    sharp({ create: { width: 450, height: 900, channels: 3, background: color } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: GREY } })
    .composite([
      { input: await band(RED), left: 0, top: 0 },
      { input: await band(BLUE), left: 750, top: 0 },
    ])
    .jpeg({ quality: 92 })
    .withExif({
      IFD0: { Make: CAMERA_MAKE, Model: 'X1' },
      IFD2: { BodySerialNumber: CAMERA_SERIAL },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '53/1 16/1 3/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '9/1 3/1 5/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .withIccProfile('p3')
    .withXmp(
      `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:tiff="http://ns.adobe.com/tiff/1.0/" tiff:Make="${CAMERA_MAKE}"/></rdf:RDF></x:xmpmeta>`,
    )
    .toBuffer();
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

/** A valid, tiny PNG whose header (with a correct checksum) claims `width` x `height` pixels. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: GREY } })
      .png()
      .toBuffer(),
  );
  // The IHDR chunk follows the 8-byte signature: length (4), type (4), width (4), height (4), ...
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** The first half of a real JPEG: its header reads, its pixels end early. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await sharp({
    create: {
      width: 800,
      height: 800,
      channels: 3,
      background: GREY,
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/** A noisy JPEG of about 18-20 MB (noise barely compresses): the heaviest photo the owner may upload. */
export async function heavyPhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: 3000,
      height: 2250,
      channels: 3,
      background: GREY,
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .jpeg({ quality: 100, chromaSubsampling: '4:4:4' })
    .toBuffer();
}

/** Bytes of any length that are no image, whatever a request says they are. */
export function notAnImage(bytes = 4096): Buffer {
  return Buffer.alloc(bytes, 'This is a text file, not a photo.\n');
}

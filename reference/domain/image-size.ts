// Which uploads the real server previews as images, and their dimensions
// (zulip/zulip zerver/lib/thumbnail.py maybe_thumbnail: a file whose content type is in
// THUMBNAIL_ACCEPT_IMAGE_TYPES and whose header libvips parses gets an ImageAttachment
// row with its width and height; only those get previews in messages).
// NOTE: approximation: there is no image library here: the dimensions are read from the
// PNG, GIF, JPEG and WebP headers by hand; AVIF, HEIC and TIFF (which libvips also reads)
// get no preview; a JPEG's EXIF orientation (which swaps width and height for 5-8) is not
// read; bytes whose header parses are taken as an image without decoding the rest.

/** THUMBNAIL_ACCEPT_IMAGE_TYPES */
export const THUMBNAIL_ACCEPT_IMAGE_TYPES: ReadonlySet<string> = new Set([
  'image/avif', 'image/gif', 'image/heic', 'image/jpeg', 'image/png', 'image/tiff', 'image/webp',
]);

export interface ImageSize {
  readonly width: number;
  readonly height: number;
}

const ascii = (b: Uint8Array, at: number, n: number) => String.fromCharCode(...b.subarray(at, at + n));
const be16 = (b: Uint8Array, at: number) => ((b[at] as number) << 8) | (b[at + 1] as number);
const be32 = (b: Uint8Array, at: number) => be16(b, at) * 0x10000 + be16(b, at + 2);
const le16 = (b: Uint8Array, at: number) => (b[at] as number) | ((b[at + 1] as number) << 8);
const le24 = (b: Uint8Array, at: number) => le16(b, at) | ((b[at + 2] as number) << 16);

function png(b: Uint8Array): ImageSize | undefined {
  if (b.length < 24 || be32(b, 0) !== 0x89504e47 || be32(b, 4) !== 0x0d0a1a0a || ascii(b, 12, 4) !== 'IHDR') return undefined;
  return { width: be32(b, 16), height: be32(b, 20) };
}

function gif(b: Uint8Array): ImageSize | undefined {
  if (b.length < 10 || !/^GIF8[79]a$/.test(ascii(b, 0, 6))) return undefined;
  return { width: le16(b, 6), height: le16(b, 8) };
}

/** The first start-of-frame segment (SOF0–SOF15 but DHT, JPG and DAC) gives the size. */
function jpeg(b: Uint8Array): ImageSize | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 4 <= b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1] as number;
    if (marker === 0xff) {
      at++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = be16(b, at + 2);
    if (length < 2) return undefined;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > b.length) return undefined;
      return { width: be16(b, at + 7), height: be16(b, at + 5) };
    }
    if (marker === 0xd9 || marker === 0xda) return undefined;
    at += 2 + length;
  }
  return undefined;
}

function webp(b: Uint8Array): ImageSize | undefined {
  if (b.length < 30 || ascii(b, 0, 4) !== 'RIFF' || ascii(b, 8, 4) !== 'WEBP') return undefined;
  const chunk = ascii(b, 12, 4);
  if (chunk === 'VP8 ' && b[23] === 0x9d && b[24] === 0x01 && b[25] === 0x2a) {
    return { width: le16(b, 26) & 0x3fff, height: le16(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L' && b[20] === 0x2f) {
    const bits = (b[21] as number) | ((b[22] as number) << 8) | ((b[23] as number) << 16) | ((b[24] as number) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: le24(b, 24) + 1, height: le24(b, 27) + 1 };
  return undefined;
}

/**
 * The size of an uploaded image the server would preview: its content type (the bare
 * type, lower case) is one libvips is allowed to read and its header parses as an image
 * (of any of those formats: libvips goes by the bytes, not the declared type).
 */
export function previewableImageSize(bytes: Uint8Array, bareType: string): ImageSize | undefined {
  if (!THUMBNAIL_ACCEPT_IMAGE_TYPES.has(bareType)) return undefined;
  const size = png(bytes) ?? gif(bytes) ?? jpeg(bytes) ?? webp(bytes);
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}

// Image headers read by hand (domain/image-size.ts), on hand-made headers of each format.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { previewableImageSize } from './image-size.ts';

const bytes = (...parts: Array<string | number[]>) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

const PNG = bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR', [0, 0, 2, 128, 0, 0, 1, 224, 8, 6, 0, 0, 0]);
const GIF = bytes('GIF89a', [128, 0, 56, 0, 0, 0, 0]);
// SOI, an APP0 segment of 16 bytes to skip, then SOF2 (progressive): height 300, width 400.
const JPEG = bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF', [0, 1, 1, 0, 0, 1, 0, 1, 0, 0], [0xff, 0xc2, 0, 17, 8, 1, 44, 1, 144, 3]);
const WEBP_LOSSY = bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 ', [0, 0, 0, 0, 0, 0, 0, 0x9d, 0x01, 0x2a, 0x20, 0x03, 0x58, 0x02]);
const WEBP_EXT = bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8X', [10, 0, 0, 0, 0, 0, 0, 0, 0x1f, 0x03, 0, 0x57, 0x02, 0]);

test('the size from each format header', () => {
  assert.equal(previewableImageSize(PNG, 'image/png'), { width: 640, height: 480 });
  assert.equal(previewableImageSize(GIF, 'image/gif'), { width: 128, height: 56 });
  assert.equal(previewableImageSize(JPEG, 'image/jpeg'), { width: 400, height: 300 });
  assert.equal(previewableImageSize(WEBP_LOSSY, 'image/webp'), { width: 800, height: 600 });
  assert.equal(previewableImageSize(WEBP_EXT, 'image/webp'), { width: 800, height: 600 });
});

test('the bytes decide the format; the declared type must be one the server reads', () => {
  assert.equal(previewableImageSize(PNG, 'image/jpeg'), { width: 640, height: 480 });
  assert.is(previewableImageSize(PNG, 'image/svg+xml'), undefined);
  assert.is(previewableImageSize(PNG, 'text/plain'), undefined);
  assert.is(previewableImageSize(bytes('not an image at all, really'), 'image/png'), undefined);
  assert.is(previewableImageSize(PNG.subarray(0, 20), 'image/png'), undefined);
  assert.is(previewableImageSize(JPEG.subarray(0, 24), 'image/jpeg'), undefined);
});

test.run();

import { describe, expect, it } from 'vitest';
import { sniffImage } from './images';
import { png } from '../../test/fixtures';

describe('sniffImage', () => {
  it('reads PNG, GIF, JPEG and WebP types and sizes from their bytes', () => {
    expect(sniffImage(png(64, 32))).toMatchObject({ type: 'png', width: 64, height: 32 });
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([10, 0, 20, 0])]);
    expect(sniffImage(gif)).toMatchObject({ type: 'gif', width: 10, height: 20 });
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x30, 0x00, 0x40, 0x03]);
    expect(sniffImage(jpeg)).toMatchObject({ type: 'jpeg', width: 64, height: 48 });
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'ascii');
    webp.write('WEBP', 8, 'ascii');
    webp.write('VP8X', 12, 'ascii');
    webp.writeUIntLE(99, 24, 3);
    webp.writeUIntLE(49, 27, 3);
    expect(sniffImage(webp)).toMatchObject({ type: 'webp', width: 100, height: 50 });
  });

  it('refuses anything else, whatever it claims', () => {
    expect(sniffImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull();
    expect(sniffImage(Buffer.from('<html><body>hi</body></html>'))).toBeNull();
    expect(sniffImage(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeNull();
    expect(sniffImage(Buffer.alloc(0))).toBeNull();
  });
});

/** A minimal PNG header of the given size: enough for the server's content sniffing. */
export function png(width: number, height: number, extra: Buffer = Buffer.alloc(0)): Buffer {
  const buf = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(buf, 0);
  buf.writeUInt32BE(13, 8);
  buf.write('IHDR', 12, 'ascii');
  buf.writeUInt32BE(width, 16);
  buf.writeUInt32BE(height, 20);
  return Buffer.concat([buf, extra]);
}

/** A multipart/form-data body with one file field. */
export function multipart(field: string, filename: string, contentType: string, content: Buffer): { body: Buffer; contentType: string } {
  const boundary = '----spotter-test-boundary';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { body: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

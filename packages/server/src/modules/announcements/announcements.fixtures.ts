/** Test helpers of the announcement and upload tests: real image bytes, multipart bodies, a valid body. */
import { deflateSync } from 'node:zlib';
import type { AnnouncementBody } from '@gm/contract/announcements.contract.ts';

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid PNG of `width` x `height` pixels of one colour (`seed` changes the colour, hence the hash). */
export function pngOf(width = 2, height = 2, seed = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3, seed % 256)]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

/** The start of a JFIF JPEG (what file-type judges by), padded. */
export function jpegOf(size = 64): Buffer {
  const head = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - 2)), Buffer.from([0xff, 0xd9])]);
}

export interface FilePart {
  filename: string;
  content: Buffer;
  type?: string;
  field?: string;
}

/** A multipart/form-data body with these files (and text fields). */
export function multipart(files: FilePart[], fields: Record<string, string> = {}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----gm-test-${Math.random().toString(36).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${f.field ?? 'file'}"; filename="${f.filename}"\r\ncontent-type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`));
    parts.push(f.content, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A valid in-site announcement (the image must have been uploaded for the url to be served). */
export function siteBody(image: string, now: number, overrides: Partial<AnnouncementBody> = {}): AnnouncementBody {
  return {
    type: 'site',
    tab: 2,
    areaId: 'all',
    title: 'Double drops weekend',
    tabTitle: 'Event',
    secondaryTitle: 'All stages',
    remark: 'ops note',
    content: '<p>Drops are <strong>doubled</strong>.</p>',
    hotType: 1,
    jumpType: 1,
    jumpTarget: 'https://example.com/event',
    image,
    previewImage: image,
    videoName: '',
    effectiveMode: 'exact',
    startTime: now - 60_000,
    endTime: now + 86_400_000,
    showTime: true,
    popupType: 'notAgainToday',
    restrictionLevel: 10,
    mapId: 'map-3',
    progress: 40,
    ...overrides,
  };
}

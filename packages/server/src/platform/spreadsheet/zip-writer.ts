import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * A zip archive written front to back onto a stream, for the `.xlsx` exports: small parts are
 * deflated whole; a large part (a worksheet) is written in pieces as they come, never held.
 *
 * A streamed part is deflated piece by piece, each piece on its own in libuv's thread pool
 * (`zlib.deflateRaw` with a sync flush instead of a final block, the way pigz splits its work),
 * so compressing runs beside the JavaScript that makes the next piece instead of after it, and
 * several pieces can be in flight at once. The pieces are concatenated in order: a fresh
 * compressor never refers back before its own start, so the joined blocks are one valid deflate
 * stream, closed by an empty final block. The price is a slightly larger file (no back
 * references across a piece boundary, about 1% at 1 MB pieces).
 *
 * Sizes and CRC are known only at the end of a streamed part, so its local header has the
 * "data descriptor follows" flag and zeros, and the descriptor after the data carries them, as
 * every zip reader expects (exceljs' own writer does the same). Plain 32-bit zip: a part or the
 * archive passing 4 GiB throws `ZipTooLargeError` (the xlsx writer starts a new sheet well before
 * a part gets there).
 */

const deflateRaw = promisify(zlib.deflateRaw);
const SYNC_FLUSH = { finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize: 128 * 1024 };
/** An empty final deflate block: ends a stream of sync-flushed pieces. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);
const LIMIT_32 = 0xffff_ffff;

/** Flags: bit 3, sizes in a data descriptor after the data; bit 11, names are UTF-8. */
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const METHOD_DEFLATE = 8;
const VERSION = 20;

export class ZipTooLargeError extends Error {
  constructor() {
    super('zip part or archive over 4 GiB');
    this.name = 'ZipTooLargeError';
  }
}

interface CentralEntry {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

/** MS-DOS date and time of a moment (local time, as zip tools show it). */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((Math.max(1980, at.getFullYear()) - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

export interface ZipWriterOptions {
  /** zlib level: 1 (fastest) is the default; text compresses about 10 to 1 even so. */
  level?: number;
  /** Pieces of a streamed part being compressed at once. */
  inFlight?: number;
  /** The modification time of every part. */
  modified?: Date;
}

/** One part being streamed: `write` its bytes in order, then `close` it. */
export interface ZipPartWriter {
  /**
   * Takes a piece; resolves when more may be written (backpressure). The piece is compressed
   * later, in another thread, so it must not be changed until `release` is called with it.
   */
  write(data: Buffer, release?: (data: Buffer) => void): Promise<void>;
  close(): Promise<void>;
}

export class ZipWriter {
  private readonly out: Writable;
  private readonly level: number;
  private readonly inFlight: number;
  private readonly stamp: { time: number; date: number };
  private readonly entries: CentralEntry[] = [];
  private offset = 0;
  private open = false;

  constructor(out: Writable, options: ZipWriterOptions = {}) {
    this.out = out;
    this.level = options.level ?? 1;
    this.inFlight = Math.max(1, options.inFlight ?? 3);
    this.stamp = dosTime(options.modified ?? new Date());
  }

  /** Bytes written so far. */
  get bytes(): number {
    return this.offset;
  }

  private async emit(data: Buffer): Promise<void> {
    this.offset += data.length;
    if (!this.out.write(data)) await once(this.out, 'drain');
  }

  private localHeader(name: Buffer, flags: number, crc: number, compressed: number, size: number): Buffer {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(flags, 6);
    header.writeUInt16LE(METHOD_DEFLATE, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    header.writeUInt32LE(crc, 14);
    header.writeUInt32LE(compressed, 18);
    header.writeUInt32LE(size, 22);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(0, 28);
    return Buffer.concat([header, name]);
  }

  private checkOffset(): void {
    if (this.offset > LIMIT_32) throw new ZipTooLargeError();
  }

  /** A small part, known whole. */
  async addFile(path: string, content: string | Buffer): Promise<void> {
    if (this.open) throw new Error('a streamed part is still open');
    const data = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    const compressed = await deflateRaw(data, { level: this.level });
    const name = Buffer.from(path, 'utf8');
    const entry: CentralEntry = { name, flags: FLAG_UTF8, crc: zlib.crc32(data), compressed: compressed.length, size: data.length, offset: this.offset };
    this.checkOffset();
    await this.emit(this.localHeader(name, entry.flags, entry.crc, entry.compressed, entry.size));
    await this.emit(compressed);
    this.entries.push(entry);
  }

  /** A part written in pieces; only one may be open at a time. */
  async openFile(path: string): Promise<ZipPartWriter> {
    if (this.open) throw new Error('a streamed part is still open');
    this.open = true;
    this.checkOffset();
    const name = Buffer.from(path, 'utf8');
    const entry: CentralEntry = { name, flags: FLAG_UTF8 | FLAG_DESCRIPTOR, crc: 0, compressed: 0, size: 0, offset: this.offset };
    await this.emit(this.localHeader(name, entry.flags, 0, 0, 0));
    const level = this.level;
    // Compressions started, in order; each is written out once it and those before it are done.
    const pending: { compressed: Promise<Buffer>; data: Buffer; release: ((data: Buffer) => void) | undefined }[] = [];
    const flushOne = async () => {
      const next = pending.shift();
      if (!next) return;
      const piece = await next.compressed;
      next.release?.(next.data);
      entry.compressed += piece.length;
      await this.emit(piece);
    };
    return {
      write: async (data: Buffer, release?: (data: Buffer) => void) => {
        if (data.length === 0) return;
        entry.crc = zlib.crc32(data, entry.crc);
        entry.size += data.length;
        if (entry.size > LIMIT_32) throw new ZipTooLargeError();
        pending.push({ compressed: deflateRaw(data, { level, ...SYNC_FLUSH }), data, release });
        while (pending.length >= this.inFlight) await flushOne();
      },
      close: async () => {
        while (pending.length > 0) await flushOne();
        entry.compressed += FINAL_BLOCK.length;
        await this.emit(FINAL_BLOCK);
        if (entry.compressed > LIMIT_32) throw new ZipTooLargeError();
        const descriptor = Buffer.alloc(16);
        descriptor.writeUInt32LE(0x08074b50, 0);
        descriptor.writeUInt32LE(entry.crc, 4);
        descriptor.writeUInt32LE(entry.compressed, 8);
        descriptor.writeUInt32LE(entry.size, 12);
        await this.emit(descriptor);
        this.entries.push(entry);
        this.open = false;
      },
    };
  }

  /** Writes the central directory and ends the stream; resolves when every byte is flushed. */
  async finish(): Promise<number> {
    if (this.open) throw new Error('a streamed part is still open');
    this.checkOffset();
    const start = this.offset;
    for (const e of this.entries) {
      const header = Buffer.alloc(46);
      header.writeUInt32LE(0x02014b50, 0);
      header.writeUInt16LE(VERSION, 4);
      header.writeUInt16LE(VERSION, 6);
      header.writeUInt16LE(e.flags, 8);
      header.writeUInt16LE(METHOD_DEFLATE, 10);
      header.writeUInt16LE(this.stamp.time, 12);
      header.writeUInt16LE(this.stamp.date, 14);
      header.writeUInt32LE(e.crc, 16);
      header.writeUInt32LE(e.compressed, 20);
      header.writeUInt32LE(e.size, 24);
      header.writeUInt16LE(e.name.length, 28);
      // extra, comment, disk, internal and external attributes: zero
      header.writeUInt32LE(e.offset, 42);
      await this.emit(Buffer.concat([header, e.name]));
    }
    const size = this.offset - start;
    this.checkOffset();
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(size, 12);
    end.writeUInt32LE(start, 16);
    await this.emit(end);
    this.out.end();
    await once(this.out, 'finish');
    return this.offset;
  }
}

import { once } from 'node:events';
import type { TransformOptions, Writable } from 'node:stream';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * A zip archive written front to back onto a stream, for the `.xlsx` exports: small parts are
 * deflated whole; a large part (a worksheet) is written in pieces as they come, never held.
 *
 * A streamed part goes through one deflate stream (`zlib.createDeflateRaw`), which compresses
 * each piece in libuv's thread pool while the caller makes the next ones: up to `inFlight` pieces
 * wait in its queue, and its output is written out as it comes. An earlier version deflated each
 * piece with a compressor of its own (`zlib.deflateRaw` with a sync flush, the way pigz splits its
 * work, several at once); making a compressor per megabyte cost the calling thread more than
 * the deflating saved, and on two cores a second deflating thread only took the core the rows
 * were made on (docs/performance.md, "Export", third pass).
 *
 * Sizes and CRC are known only at the end of a streamed part, so its local header has the
 * "data descriptor follows" flag and zeros, and the descriptor after the data carries them, as
 * every zip reader expects (exceljs' own writer does the same). Plain 32-bit zip: a part or the
 * archive passing 4 GiB throws `ZipTooLargeError` (the xlsx writer starts a new sheet well before
 * a part gets there).
 */

const deflateRaw = promisify(zlib.deflateRaw);
/** Output pieces of the compressor. */
const OUT_CHUNK = 128 * 1024;
/** The size of the pieces a streamed part is written in (the xlsx writer's), for the compressor's queue. */
const IN_PIECE = 1 << 20;
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
  /** Pieces of a streamed part waiting for the compressor, at most. */
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
    // One compressor for the part: it deflates each piece in the thread pool while the caller
    // makes the next ones (up to `inFlight` pieces wait in its queue), and hands its output on
    // here as it comes, held back while the file's stream is full.
    const options: zlib.ZlibOptions & TransformOptions = { level: this.level, chunkSize: OUT_CHUNK, writableHighWaterMark: this.inFlight * IN_PIECE };
    const deflate = zlib.createDeflateRaw(options);
    let failed: Error | undefined;
    deflate.on('error', (error) => {
      failed ??= error;
    });
    // A file that cannot be written (a full disk) stops the compressor too, so that a caller
    // waiting for room in its queue is let go with the error instead of waiting for ever.
    const outFailed = (error: Error) => {
      failed ??= error;
      deflate.destroy(error);
    };
    this.out.once('error', outFailed);
    deflate.on('data', (piece: Buffer) => {
      entry.compressed += piece.length;
      this.offset += piece.length;
      if (!this.out.write(piece)) {
        deflate.pause();
        this.out.once('drain', () => deflate.resume());
      }
    });
    const ended = new Promise<void>((resolve, reject) => {
      deflate.once('end', resolve);
      deflate.once('close', () => (failed ? reject(failed) : resolve()));
    });
    // Awaited at `close`; a failure before then is thrown by the next `write`.
    ended.catch(() => undefined);
    return {
      write: async (data: Buffer, release?: (data: Buffer) => void) => {
        if (failed) throw failed;
        if (data.length === 0) return;
        entry.crc = zlib.crc32(data, entry.crc);
        entry.size += data.length;
        if (entry.size > LIMIT_32) throw new ZipTooLargeError();
        // The callback comes once the compressor is done with the piece: it may be reused.
        const room = deflate.write(data, release ? () => release(data) : undefined);
        if (!room) await once(deflate, 'drain');
        // A turn of the event loop per piece: the compressor takes its next piece (and hands on
        // its output) only in a callback on this thread's loop, which a caller whose reads resolve
        // at once (SQLite) would otherwise reach only when the queue is full, and 'drain' comes
        // only once the whole queue is compressed; then the making and the deflating took turns
        // instead of running side by side (docs/performance.md, "Export", fourth pass).
        else await yieldToEventLoop();
      },
      close: async () => {
        if (failed) throw failed;
        deflate.end();
        await ended;
        this.out.off('error', outFailed);
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

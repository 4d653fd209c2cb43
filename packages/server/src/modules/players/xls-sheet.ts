/**
 * Reads the worksheets of a legacy `.xls` file: a BIFF8 "Workbook" stream inside a compound
 * file (MS-CFB), as Excel 97-2003 writes it. Only cell values are read: shared strings
 * (LABELSST), inline labels (LABEL), numbers (NUMBER, RK, MULRK) and formula results
 * (FORMULA + STRING). Formats, styles and formulas themselves are ignored.
 */
import { ExcelError, type Sheet } from './excel-error.ts';

const END_OF_CHAIN = 0xfffffffe;
const FREE_SECTOR = 0xffffffff;

// ---------------------------------------------------------------------------------------------
// Compound file.
// ---------------------------------------------------------------------------------------------

function compoundStream(buf: Buffer, names: readonly string[]): Buffer {
  if (buf.length < 512) throw new ExcelError('excelParseFail', 'compound file header truncated');
  const sectorShift = buf.readUInt16LE(0x1e);
  const miniShift = buf.readUInt16LE(0x20);
  if (sectorShift !== 9 && sectorShift !== 12) throw new ExcelError('excelParseFail', 'bad sector size');
  const sectorSize = 1 << sectorShift;
  const miniSize = 1 << miniShift;
  const sectorCount = Math.floor((buf.length - sectorSize) / sectorSize) + 1;
  const sector = (n: number) => {
    const start = (n + 1) * sectorSize;
    if (start >= buf.length) throw new ExcelError('excelParseFail', `sector ${n} outside the file`);
    return buf.subarray(start, Math.min(start + sectorSize, buf.length));
  };

  // FAT sector numbers: 109 in the header, the rest in the DIFAT chain.
  const fatSectors: number[] = [];
  for (let i = 0; i < 109; i += 1) {
    const n = buf.readUInt32LE(0x4c + i * 4);
    if (n !== FREE_SECTOR && n !== END_OF_CHAIN) fatSectors.push(n);
  }
  let difat = buf.readUInt32LE(0x44);
  for (let guard = 0; difat !== END_OF_CHAIN && difat !== FREE_SECTOR; guard += 1) {
    if (guard > sectorCount) throw new ExcelError('excelParseFail', 'DIFAT loop');
    const data = sector(difat);
    for (let i = 0; i < sectorSize / 4 - 1; i += 1) {
      const n = data.readUInt32LE(i * 4);
      if (n !== FREE_SECTOR && n !== END_OF_CHAIN) fatSectors.push(n);
    }
    difat = data.readUInt32LE(sectorSize - 4);
  }
  const fat: number[] = [];
  for (const n of fatSectors) {
    const data = sector(n);
    for (let i = 0; i + 4 <= data.length; i += 4) fat.push(data.readUInt32LE(i));
  }

  const chain = (start: number, table: readonly number[], limit: number): number[] => {
    const out: number[] = [];
    for (let n = start; n !== END_OF_CHAIN && n !== FREE_SECTOR; n = table[n] ?? END_OF_CHAIN) {
      if (out.length > limit) throw new ExcelError('excelParseFail', 'sector chain loop');
      out.push(n);
    }
    return out;
  };
  const readChain = (start: number, size: number) => Buffer.concat(chain(start, fat, sectorCount).map(sector)).subarray(0, size);

  // Directory: 128-byte entries in the directory chain.
  const directory = Buffer.concat(chain(buf.readUInt32LE(0x30), fat, sectorCount).map(sector));
  interface Entry {
    name: string;
    type: number;
    start: number;
    size: number;
  }
  const entries: Entry[] = [];
  for (let at = 0; at + 128 <= directory.length; at += 128) {
    const nameLength = directory.readUInt16LE(at + 0x40);
    const name = directory.toString('utf16le', at, at + Math.max(0, Math.min(64, nameLength) - 2));
    entries.push({ name, type: directory.readUInt8(at + 0x42), start: directory.readUInt32LE(at + 0x74), size: directory.readUInt32LE(at + 0x78) });
  }
  const root = entries.find((e) => e.type === 5);
  const wanted = entries.find((e) => e.type === 2 && names.includes(e.name));
  if (!root || !wanted) throw new ExcelError('excelParseFail', 'no Workbook stream');

  const cutoff = buf.readUInt32LE(0x38);
  if (wanted.size >= cutoff) return readChain(wanted.start, wanted.size);
  // Small streams live in the mini stream (the root entry's data), in mini sectors.
  const miniStream = readChain(root.start, root.size);
  const miniFat: number[] = [];
  const miniFatData = readChain(buf.readUInt32LE(0x3c), buf.readUInt32LE(0x40) * sectorSize);
  for (let i = 0; i + 4 <= miniFatData.length; i += 4) miniFat.push(miniFatData.readUInt32LE(i));
  const parts = chain(wanted.start, miniFat, miniStream.length / miniSize + 1).map((n) => miniStream.subarray(n * miniSize, (n + 1) * miniSize));
  return Buffer.concat(parts).subarray(0, wanted.size);
}

// ---------------------------------------------------------------------------------------------
// BIFF8 records.
// ---------------------------------------------------------------------------------------------

interface BiffRecord {
  type: number;
  data: Buffer;
  offset: number;
}

const R = {
  BOF: 0x0809,
  EOF: 0x000a,
  BOUNDSHEET: 0x0085,
  SST: 0x00fc,
  CONTINUE: 0x003c,
  LABELSST: 0x00fd,
  LABEL: 0x0204,
  NUMBER: 0x0203,
  RK: 0x027e,
  MULRK: 0x00bd,
  FORMULA: 0x0006,
  STRING: 0x0207,
  BOOLERR: 0x0205,
  FILEPASS: 0x002f,
} as const;

function* records(stream: Buffer, from = 0): Generator<BiffRecord> {
  let at = from;
  while (at + 4 <= stream.length) {
    const type = stream.readUInt16LE(at);
    const size = stream.readUInt16LE(at + 2);
    if (at + 4 + size > stream.length) throw new ExcelError('excelParseFail', 'record truncated');
    yield { type, data: stream.subarray(at + 4, at + 4 + size), offset: at };
    at += 4 + size;
  }
}

/** Reads across an SST record and its CONTINUE records, as one stream of segments. */
class SegmentReader {
  private segment = 0;
  private at = 0;
  constructor(private readonly segments: readonly Buffer[]) {}

  private current(): Buffer {
    while (this.segment < this.segments.length && this.at >= (this.segments[this.segment]?.length ?? 0)) {
      this.segment += 1;
      this.at = 0;
    }
    const seg = this.segments[this.segment];
    if (!seg) throw new ExcelError('excelParseFail', 'shared strings truncated');
    return seg;
  }

  u8(): number {
    const seg = this.current();
    const v = seg.readUInt8(this.at);
    this.at += 1;
    return v;
  }

  u16(): number {
    return this.u8() | (this.u8() << 8);
  }

  u32(): number {
    return (this.u16() | (this.u16() << 16)) >>> 0;
  }

  skip(n: number): void {
    for (let left = n; left > 0; ) {
      const seg = this.current();
      const take = Math.min(left, seg.length - this.at);
      this.at += take;
      left -= take;
    }
  }

  /** Characters of a string; where they cross into a CONTINUE record, it starts with a new flags byte. */
  chars(count: number, highByte: boolean): string {
    let out = '';
    let wide = highByte;
    let left = count;
    while (left > 0) {
      let seg = this.segments[this.segment];
      if (!seg || this.at >= seg.length) {
        this.segment += 1;
        this.at = 0;
        seg = this.segments[this.segment];
        if (!seg) throw new ExcelError('excelParseFail', 'string truncated');
        wide = (seg.readUInt8(0) & 0x01) === 1;
        this.at = 1;
      }
      const width = wide ? 2 : 1;
      const take = Math.min(left, Math.floor((seg.length - this.at) / width));
      if (take === 0) throw new ExcelError('excelParseFail', 'string split inside a character');
      out += wide ? seg.toString('utf16le', this.at, this.at + take * 2) : seg.toString('latin1', this.at, this.at + take);
      this.at += take * width;
      left -= take;
    }
    return out;
  }
}

function sharedStrings(segments: readonly Buffer[]): string[] {
  const reader = new SegmentReader(segments);
  reader.u32();
  const unique = reader.u32();
  const out: string[] = [];
  for (let i = 0; i < unique; i += 1) {
    const count = reader.u16();
    const flags = reader.u8();
    const runs = flags & 0x08 ? reader.u16() : 0;
    const ext = flags & 0x04 ? reader.u32() : 0;
    out.push(reader.chars(count, (flags & 0x01) === 1));
    reader.skip(runs * 4 + ext);
  }
  return out;
}

function rkValue(rk: number): number {
  let value: number;
  if (rk & 0x02) {
    value = rk >> 2;
  } else {
    const bytes = Buffer.alloc(8);
    bytes.writeUInt32LE((rk & 0xfffffffc) >>> 0, 4);
    value = bytes.readDoubleLE(0);
  }
  return rk & 0x01 ? value / 100 : value;
}

/** Whole numbers print without a fraction or exponent up to 2^53 (ids typed as numbers). */
function numberText(n: number): string {
  return Number.isInteger(n) && Math.abs(n) <= Number.MAX_SAFE_INTEGER ? n.toFixed(0) : String(n);
}

function unicodeString(data: Buffer, at: number, lengthBytes: 1 | 2): string {
  const count = lengthBytes === 2 ? data.readUInt16LE(at) : data.readUInt8(at);
  const flags = data.readUInt8(at + lengthBytes);
  const start = at + lengthBytes + 1;
  return flags & 0x01 ? data.toString('utf16le', start, start + count * 2) : data.toString('latin1', start, start + count);
}

function readSheetCells(stream: Buffer, offset: number, shared: readonly string[]): string[][] {
  const rows: string[][] = [];
  const set = (row: number, col: number, text: string) => {
    const r = (rows[row] ??= []);
    while (r.length < col) r.push('');
    r[col] = text;
  };
  let pendingFormula: { row: number; col: number } | null = null;
  let first = true;
  for (const rec of records(stream, offset)) {
    if (first) {
      if (rec.type !== R.BOF) throw new ExcelError('excelParseFail', 'sheet does not start with BOF');
      first = false;
      continue;
    }
    const d = rec.data;
    switch (rec.type) {
      case R.EOF:
        return Array.from(rows, (r) => r ?? []);
      case R.LABELSST:
        set(d.readUInt16LE(0), d.readUInt16LE(2), shared[d.readUInt32LE(6)] ?? '');
        break;
      case R.LABEL:
        set(d.readUInt16LE(0), d.readUInt16LE(2), unicodeString(d, 6, 2));
        break;
      case R.NUMBER:
        set(d.readUInt16LE(0), d.readUInt16LE(2), numberText(d.readDoubleLE(6)));
        break;
      case R.RK:
        set(d.readUInt16LE(0), d.readUInt16LE(2), numberText(rkValue(d.readUInt32LE(6))));
        break;
      case R.MULRK: {
        const row = d.readUInt16LE(0);
        const firstCol = d.readUInt16LE(2);
        const n = (d.length - 6) / 6;
        for (let i = 0; i < n; i += 1) set(row, firstCol + i, numberText(rkValue(d.readUInt32LE(4 + i * 6 + 2))));
        break;
      }
      case R.FORMULA: {
        const row = d.readUInt16LE(0);
        const col = d.readUInt16LE(2);
        if (d.readUInt16LE(12) !== 0xffff) set(row, col, numberText(d.readDoubleLE(6)));
        else if (d.readUInt8(6) === 0) pendingFormula = { row, col };
        else if (d.readUInt8(6) === 1) set(row, col, d.readUInt8(8) ? 'TRUE' : 'FALSE');
        break;
      }
      case R.STRING:
        if (pendingFormula) set(pendingFormula.row, pendingFormula.col, unicodeString(d, 0, 2));
        pendingFormula = null;
        break;
      case R.BOOLERR:
        if (d.readUInt8(7) === 0) set(d.readUInt16LE(0), d.readUInt16LE(2), d.readUInt8(6) ? 'TRUE' : 'FALSE');
        break;
      default:
        break;
    }
  }
  throw new ExcelError('excelParseFail', 'sheet without EOF');
}

export function readXlsSheets(buf: Buffer): Sheet[] {
  const stream = compoundStream(buf, ['Workbook', 'Book']);
  const sheets: { name: string; offset: number }[] = [];
  const sstSegments: Buffer[] = [];
  let inSst = false;
  let first = true;
  try {
    for (const rec of records(stream)) {
      if (first) {
        if (rec.type !== R.BOF || rec.data.readUInt16LE(0) !== 0x0600) throw new ExcelError('excelParseFail', 'not a BIFF8 workbook');
        first = false;
        continue;
      }
      if (rec.type === R.FILEPASS) throw new ExcelError('excelParseFail', 'the workbook is encrypted');
      if (rec.type === R.CONTINUE && inSst) {
        sstSegments.push(rec.data);
        continue;
      }
      inSst = false;
      if (rec.type === R.BOUNDSHEET) {
        // Worksheets only (type 0); charts and macro sheets hold no cells of ours.
        if (rec.data.readUInt8(5) === 0) sheets.push({ offset: rec.data.readUInt32LE(0), name: unicodeString(rec.data, 6, 1) });
      } else if (rec.type === R.SST) {
        sstSegments.push(rec.data);
        inSst = true;
      } else if (rec.type === R.EOF) {
        break;
      }
    }
    const shared = sstSegments.length > 0 ? sharedStrings(sstSegments) : [];
    return sheets.map((s) => ({ name: s.name, rows: readSheetCells(stream, s.offset, shared) }));
  } catch (error) {
    if (error instanceof ExcelError) throw error;
    throw new ExcelError('excelParseFail', String(error));
  }
}

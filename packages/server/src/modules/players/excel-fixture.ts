/**
 * Test fixtures: minimal but well-formed .xlsx and .xls files, written the way Excel lays them
 * out, so the import is tested on real file structures (shared strings, inline strings,
 * numbers, several sheets, BIFF8 records split across CONTINUE records). Used by the tests and
 * the browser tests only.
 */
import { crc32, deflateRawSync } from 'node:zlib';

export type Cell = string | number | null;
export interface FixtureSheet {
  name: string;
  rows: Cell[][];
}

// ---------------------------------------------------------------------------------------------
// .xlsx
// ---------------------------------------------------------------------------------------------

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function colName(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

function zip(files: { name: string; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const deflated = deflateRawSync(file.data);
    const crc = crc32(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(deflated.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, deflated);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(deflated.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + deflated.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** An .xlsx workbook; strings go to the shared-string table, or inline with `inlineStrings`. */
export function xlsxOf(sheets: readonly FixtureSheet[], options: { inlineStrings?: boolean } = {}): Buffer {
  const shared: string[] = [];
  const sharedIndex = new Map<string, number>();
  const sheetXml = sheets.map((sheet) => {
    const rows = sheet.rows
      .map((row, r) => {
        const cells = row
          .map((cell, c) => {
            if (cell === null) return '';
            const ref = `${colName(c)}${r + 1}`;
            if (typeof cell === 'number') return `<c r="${ref}"><v>${cell}</v></c>`;
            if (options.inlineStrings) return `<c r="${ref}" t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`;
            let index = sharedIndex.get(cell);
            if (index === undefined) {
              index = shared.length;
              shared.push(cell);
              sharedIndex.set(cell, index);
            }
            return `<c r="${ref}" t="s"><v>${index}</v></c>`;
          })
          .join('');
        return `<row r="${r + 1}">${cells}</row>`;
      })
      .join('');
    return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
  });
  const files = [
    {
      name: '[Content_Types].xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>${sheets.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('')}<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets>${sheets.map((s, i) => `<sheet name="${escapeXml(s.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('')}</sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${sheets.map((_, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('')}</Relationships>`,
    },
    ...sheetXml.map((data, i) => ({ name: `xl/worksheets/sheet${i + 1}.xml`, data })),
    {
      name: 'xl/sharedStrings.xml',
      data: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="${shared.length}" uniqueCount="${shared.length}">${shared.map((s) => `<si><t xml:space="preserve">${escapeXml(s)}</t></si>`).join('')}</sst>`,
    },
  ];
  return zip(files.map((f) => ({ name: f.name, data: Buffer.from(f.data, 'utf8') })));
}

// ---------------------------------------------------------------------------------------------
// .xls (BIFF8 in a compound file)
// ---------------------------------------------------------------------------------------------

function record(type: number, data: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16LE(type, 0);
  head.writeUInt16LE(data.length, 2);
  return Buffer.concat([head, data]);
}

const isLatin1 = (s: string) => [...s].every((ch) => ch.charCodeAt(0) < 256);

function bof(kind: number): Buffer {
  const d = Buffer.alloc(16);
  d.writeUInt16LE(0x0600, 0);
  d.writeUInt16LE(kind, 2);
  d.writeUInt16LE(0x0dbb, 4);
  d.writeUInt16LE(0x07cc, 6);
  return record(0x0809, d);
}

/** The SST record and its CONTINUE records, split at `maxRecord` bytes as Excel splits them. */
function sstRecords(strings: readonly string[], maxRecord: number): Buffer[] {
  const records: Buffer[] = [];
  let current: Buffer[] = [];
  let size = 0;
  let type = 0x00fc;
  const flush = () => {
    records.push(record(type, Buffer.concat(current)));
    current = [];
    size = 0;
    type = 0x003c;
  };
  const head = Buffer.alloc(8);
  head.writeUInt32LE(strings.length, 0);
  head.writeUInt32LE(strings.length, 4);
  current.push(head);
  size = 8;
  for (const s of strings) {
    const wide = !isLatin1(s);
    const header = Buffer.alloc(3);
    header.writeUInt16LE(s.length, 0);
    header.writeUInt8(wide ? 1 : 0, 2);
    if (size + 3 + (wide ? 2 : 1) > maxRecord) flush();
    current.push(header);
    size += 3;
    let rest = s;
    while (rest.length > 0) {
      const width = wide ? 2 : 1;
      const fit = Math.floor((maxRecord - size) / width);
      if (fit <= 0) {
        flush();
        current.push(Buffer.from([wide ? 1 : 0]));
        size = 1;
        continue;
      }
      const part = rest.slice(0, fit);
      rest = rest.slice(fit);
      const bytes = wide ? Buffer.from(part, 'utf16le') : Buffer.from(part, 'latin1');
      current.push(bytes);
      size += bytes.length;
    }
  }
  flush();
  return records;
}

function cellRecord(row: number, col: number, cell: string | number, sst: Map<string, number>): Buffer {
  if (typeof cell === 'string') {
    const d = Buffer.alloc(10);
    d.writeUInt16LE(row, 0);
    d.writeUInt16LE(col, 2);
    d.writeUInt32LE(sst.get(cell) ?? 0, 6);
    return record(0x00fd, d);
  }
  if (Number.isInteger(cell) && cell >= -(2 ** 29) && cell < 2 ** 29) {
    const d = Buffer.alloc(10);
    d.writeUInt16LE(row, 0);
    d.writeUInt16LE(col, 2);
    d.writeUInt32LE(((cell << 2) | 0x02) >>> 0, 6);
    return record(0x027e, d);
  }
  const d = Buffer.alloc(14);
  d.writeUInt16LE(row, 0);
  d.writeUInt16LE(col, 2);
  d.writeDoubleLE(cell, 6);
  return record(0x0203, d);
}

function workbookStream(sheets: readonly FixtureSheet[], maxRecord: number): Buffer {
  const strings = [...new Set(sheets.flatMap((s) => s.rows.flat().filter((c): c is string => typeof c === 'string')))];
  const sstIndex = new Map(strings.map((s, i) => [s, i]));
  const boundSheets = sheets.map((s) => {
    const wide = !isLatin1(s.name);
    const name = wide ? Buffer.from(s.name, 'utf16le') : Buffer.from(s.name, 'latin1');
    const d = Buffer.concat([Buffer.alloc(6), Buffer.from([s.name.length, wide ? 1 : 0]), name]);
    return d;
  });
  const globals = () => Buffer.concat([bof(0x0005), ...boundSheets.map((d) => record(0x0085, d)), ...sstRecords(strings, maxRecord), record(0x000a, Buffer.alloc(0))]);
  const sheetStreams = sheets.map((s) =>
    Buffer.concat([
      bof(0x0010),
      ...s.rows.flatMap((row, r) => row.flatMap((cell, c) => (cell === null ? [] : [cellRecord(r, c, cell, sstIndex)]))),
      record(0x000a, Buffer.alloc(0)),
    ]),
  );
  let offset = globals().length;
  sheetStreams.forEach((stream, i) => {
    boundSheets[i]?.writeUInt32LE(offset, 0);
    offset += stream.length;
  });
  return Buffer.concat([globals(), ...sheetStreams]);
}

/**
 * An .xls workbook (BIFF8 in a version-3 compound file, 512-byte sectors). `maxRecord` splits
 * the shared strings into CONTINUE records sooner than Excel's 8224 bytes, to test the splits.
 */
export function xlsOf(sheets: readonly FixtureSheet[], options: { maxRecord?: number } = {}): Buffer {
  let stream = workbookStream(sheets, options.maxRecord ?? 8224);
  // Streams under 4096 bytes would go to the mini stream; Excel pads the Workbook stream instead.
  if (stream.length < 4096) stream = Buffer.concat([stream, Buffer.alloc(4096 - stream.length)]);
  const sectorSize = 512;
  const streamSectors = Math.ceil(stream.length / sectorSize);
  if (streamSectors + 2 > 128) throw new Error('fixture too large for one FAT sector');
  const END = 0xfffffffe;
  const FREE = 0xffffffff;
  const header = Buffer.alloc(512, 0);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x003e, 0x18);
  header.writeUInt16LE(0x0003, 0x1a);
  header.writeUInt16LE(0xfffe, 0x1c);
  header.writeUInt16LE(9, 0x1e);
  header.writeUInt16LE(6, 0x20);
  header.writeUInt32LE(1, 0x2c);
  header.writeUInt32LE(1, 0x30);
  header.writeUInt32LE(4096, 0x38);
  header.writeUInt32LE(END, 0x3c);
  header.writeUInt32LE(0, 0x40);
  header.writeUInt32LE(END, 0x44);
  header.writeUInt32LE(0, 0x48);
  for (let i = 0; i < 109; i += 1) header.writeUInt32LE(i === 0 ? 0 : FREE, 0x4c + i * 4);

  const fat = Buffer.alloc(sectorSize, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0);
  fat.writeUInt32LE(END, 4);
  for (let i = 0; i < streamSectors; i += 1) fat.writeUInt32LE(i === streamSectors - 1 ? END : 2 + i + 1, (2 + i) * 4);

  const directory = Buffer.alloc(sectorSize, 0);
  const entry = (index: number, name: string, type: number, start: number, size: number, child: number) => {
    const at = index * 128;
    Buffer.from(`${name}\0`, 'utf16le').copy(directory, at);
    directory.writeUInt16LE((name.length + 1) * 2, at + 0x40);
    directory.writeUInt8(type, at + 0x42);
    directory.writeUInt8(1, at + 0x43);
    directory.writeUInt32LE(FREE, at + 0x44);
    directory.writeUInt32LE(FREE, at + 0x48);
    directory.writeUInt32LE(child, at + 0x4c);
    directory.writeUInt32LE(start, at + 0x74);
    directory.writeUInt32LE(size, at + 0x78);
  };
  entry(0, 'Root Entry', 5, END, 0, 1);
  entry(1, 'Workbook', 2, 2, stream.length, FREE);
  for (const index of [2, 3]) {
    directory.writeUInt32LE(FREE, index * 128 + 0x44);
    directory.writeUInt32LE(FREE, index * 128 + 0x48);
    directory.writeUInt32LE(FREE, index * 128 + 0x4c);
  }
  const padded = Buffer.concat([stream, Buffer.alloc(streamSectors * sectorSize - stream.length)]);
  return Buffer.concat([header, fat, directory, padded]);
}

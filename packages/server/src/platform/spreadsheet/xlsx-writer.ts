import type { Writable } from 'node:stream';
import { ZipWriter, type ZipPartWriter } from './zip-writer.ts';

/**
 * An `.xlsx` written as a stream (issue 11, the export centre): rows go out as worksheet XML in
 * pieces of about a megabyte, deflated beside the work that makes the next piece, and nothing
 * of the row set is kept. One worksheet per `rowsPerSheet` rows (1,000,000 by default, under
 * Excel's 1,048,576), each starting with the header row; a sheet is also closed before its XML
 * passes 3.5 GB, so a part never needs zip64.
 *
 * Why not exceljs' streaming WorkbookWriter, which the console otherwise uses: it builds a Row
 * and a Cell object per value, a model per cell and the XML through a generic writer, and then
 * deflates on the same thread; on a log row of 25 columns it wrote about 10 times slower than
 * this (docs/performance.md, "Export", has the figures and what was tried). This writer writes
 * the XML's bytes straight into the piece (see `addRows`).
 *
 * Cells: numbers as numbers, booleans as booleans, text as inline strings (no shared-string
 * table to grow), `null`, `undefined` and '' as no cell. Text is escaped for XML, characters XML
 * cannot carry are dropped, unpaired surrogates replaced, and text longer than a cell holds
 * (32,767 characters) is cut. Text that a spreadsheet would take for a formula when the cell is
 * edited (starting with `=`, `+`, `-`, `@`, tab or carriage return) gets a leading `'`, as
 * OWASP advises against formula injection: the file never holds a formula, but an operator who
 * opens a chat line "=HYPERLINK(...)" and presses F2, Enter must not run it.
 */

export type CellValue = string | number | boolean | null | undefined;

export interface XlsxColumn {
  header: string;
  /** Column width in characters. */
  width?: number;
}

export interface XlsxWriterOptions {
  columns: readonly XlsxColumn[];
  /** The name of sheet `index` (0-based): cut to 31 characters, []:*?/\ removed, made unique. */
  sheetName: (index: number) => string;
  rowsPerSheet?: number;
  /** zlib level, 1 by default. */
  level?: number;
  creator?: string;
  /** The workbook's creation time (its properties and its parts' zip times). */
  created?: Date;
}

export const MAX_ROWS_PER_SHEET = 1_000_000;
/** Excel's limit on the text of one cell. */
export const MAX_CELL_TEXT = 32_767;
/** A sheet part is closed before its XML gets near the 4 GiB a plain zip entry can hold. */
const SHEET_BYTES_MAX = 3_500_000_000;
/** Bytes of XML gathered before they go to the zip as one piece. */
const PIECE_BYTES = 1 << 20;
/** Room kept for a cell: its markup, a row's end, a number. Longer text is measured first. */
const CELL_ROOM = 256;
/** Text up to this long is copied byte by byte when it is plain ASCII; longer text is made as a string. */
const SHORT_TEXT = 1024;

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL_NS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const PKG_REL_NS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

/** Column letters: 0 -> A, 25 -> Z, 26 -> AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let out = '';
  while (n > 0) {
    const rest = (n - 1) % 26;
    out = String.fromCharCode(65 + rest) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}

// Anything in text that needs more than copying: markup characters, controls XML 1.0 cannot
// carry (tab and line feed can), carriage return (a parser would turn it into a line feed), and
// surrogates (paired ones are fine, unpaired ones are not well-formed).
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const NEEDS_WORK = /[&<>\u0000-\u0008\u000B-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
// What the sheet's XML text may hold as it is: ASCII without markup or controls. Anything else is
// escaped and turned into its UTF-8 bytes (see `sheetText`).
// eslint-disable-next-line no-control-regex -- control characters are exactly what is looked for
const NOT_PLAIN = /[&<>\u0000-\u0008\u000B-\u001F\u0080-\uFFFF]/;
// eslint-disable-next-line no-control-regex -- characters XML 1.0 cannot carry at all
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function escapeXml(text: string): string {
  if (!NEEDS_WORK.test(text)) return text;
  return text
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\r/g, '&#13;');
}

/** Whether text starts as a spreadsheet would read a formula: `=`, `+`, `-`, `@`, tab or carriage return. */
function startsFormula(text: string): boolean {
  const first = text.charCodeAt(0);
  return first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13;
}

/** Text as it is written: a leading `'` when it would start a formula, cut to what a cell holds. */
export function neutraliseFormula(text: string): string {
  const safe = startsFormula(text) ? `'${text}` : text;
  return safe.length > MAX_CELL_TEXT ? safe.slice(0, MAX_CELL_TEXT) : safe;
}

const isSpace = (code: number) => code === 32 || code === 9 || code === 10 || code === 13;

/**
 * Markup and text that does not go byte by byte into a piece (the sheet's head, text that needs
 * escaping or is not ASCII) is made as a one-byte string of UTF-8 bytes, one character per byte
 * (what `Buffer.toString('latin1')` gives), so that it is copied into the piece as it is.
 */
function utf8Bytes(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

/** A cell's text as it goes into the sheet: neutralised, cut, escaped, as UTF-8 bytes. */
function sheetText(text: string): string {
  const value = neutraliseFormula(text);
  return NOT_PLAIN.test(value) ? utf8Bytes(escapeXml(value)) : value;
}

/** The part of a text cell after its reference. */
function textCellTail(text: string, style = ''): string {
  const preserve = isSpace(text.charCodeAt(0)) || isSpace(text.charCodeAt(text.length - 1)) ? ' xml:space="preserve"' : '';
  return `"${style} t="inlineStr"><is><t${preserve}>${sheetText(text)}</t></is></c>`;
}

/**
 * Tails of text cells that needed escaping or encoding, by the text: log columns repeat a few
 * words (enumerations shown as words, currency and item names, yes/no) on every row. Bounded so
 * that a column of unique texts (chat lines) cannot grow it: once full, texts are made anew.
 */
const TAIL_CACHE_MAX = 4096;
const TAIL_CACHE_TEXT = 64;

/** A one-byte string (markup, or text as UTF-8 bytes) as bytes. */
function bytesOf(text: string): Uint8Array {
  return Uint8Array.from(Buffer.from(text, 'latin1'));
}

function latin1Of(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
}

const ROW_OPEN = bytesOf('<row r="');
const ROW_CLOSE = bytesOf('</row>');
const NUMBER_OPEN = bytesOf('"><v>');
const NUMBER_CLOSE = bytesOf('</v></c>');
const TEXT_OPEN = bytesOf('" t="inlineStr"><is><t>');
const TEXT_CLOSE = bytesOf('</t></is></c>');
const TRUE_CELL = bytesOf('" t="b"><v>1</v></c>');
const FALSE_CELL = bytesOf('" t="b"><v>0</v></c>');
const QUOTE = 0x22;
const GT = 0x3e;

// Short copies in a loop: for the few bytes of markup, faster than a call into `set`.
function copy(buf: Uint8Array, at: number, bytes: Uint8Array): number {
  const n = bytes.length;
  for (let i = 0; i < n; i += 1) buf[at + i] = bytes[i] as number;
  return at + n;
}

function copyN(buf: Uint8Array, at: number, bytes: Uint8Array, n: number): number {
  for (let i = 0; i < n; i += 1) buf[at + i] = bytes[i] as number;
  return at + n;
}

/** ASCII text (a number's `String`) as bytes. */
function writeAscii(buf: Uint8Array, at: number, text: string): number {
  for (let i = 0; i < text.length; i += 1) buf[at + i] = text.charCodeAt(i);
  return at + text.length;
}

/** A safe integer's decimal digits, as `String(value)` writes them. */
function writeInt(buf: Uint8Array, at: number, value: number): number {
  let p = at;
  let v = value;
  if (v < 0) {
    buf[p++] = 0x2d;
    v = -v;
  }
  const first = p;
  do {
    buf[p++] = 0x30 + (v % 10);
    v = Math.floor(v / 10);
  } while (v > 0);
  // The digits came lowest first.
  for (let i = first, j = p - 1; i < j; i += 1, j -= 1) {
    const d = buf[i] as number;
    buf[i] = buf[j] as number;
    buf[j] = d;
  }
  return p;
}

/**
 * A text cell's tail when the text can be copied as it is: printable ASCII without markup,
 * starting with nothing a formula starts with and with no space at either end. Answers the
 * end, or -1 when the text needs the careful way (`textCellTail`).
 */
function writePlainText(buf: Uint8Array, at: number, text: string): number {
  const n = text.length;
  const first = text.charCodeAt(0);
  const last = text.charCodeAt(n - 1);
  // '=' '+' '-' '@' start a formula; a space at either end needs xml:space="preserve".
  if (first === 61 || first === 43 || first === 45 || first === 64 || first === 32 || last === 32) return -1;
  let p = copy(buf, at, TEXT_OPEN);
  for (let i = 0; i < n; i += 1) {
    const code = text.charCodeAt(i);
    // Printable ASCII other than & < >; controls (tab, CR, line feed too) take the careful way.
    if (code < 0x20 || code > 0x7e || code === 38 || code === 60 || code === 62) return -1;
    buf[p++] = code;
  }
  return copy(buf, p, TEXT_CLOSE);
}

function sheetName(raw: string, taken: Set<string>): string {
  const base = raw.replace(/[[\]:*?/\\]/g, ' ').replace(/^'+|'+$/g, '').trim().slice(0, 31) || 'Sheet';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n += 1) name = `${base.slice(0, 31 - String(n).length - 1)} ${n}`;
  taken.add(name.toLowerCase());
  return name;
}

const STYLES = `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font><font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders><cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/><xf numFmtId="0" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1"/></cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>`;

/** A workbook being written: `addRows` as many times as needed, then `finish` (or `abort`). */
export class XlsxStreamWriter {
  private readonly zip: ZipWriter;
  private readonly options: XlsxWriterOptions;
  private readonly letters: string[];
  /** `<c r="` and the column's letters, per column, as bytes. */
  private readonly cellStarts: Uint8Array[];
  private readonly tails = new Map<string, Uint8Array>();
  private readonly rowsPerSheet: number;
  private readonly sheetNames: string[] = [];
  private readonly taken = new Set<string>();
  private readonly sheetHead: string;
  private part: ZipPartWriter | undefined;
  /**
   * The rows' XML is written straight into a piece, byte by byte: markup from byte arrays made
   * once, numbers digit by digit, ASCII text copied as it is. Making it as strings first made a
   * string for every part of every cell (a hundred per row, all garbage a moment later) and then
   * cost a pass to turn them into bytes; that was most of the writer's time (docs/performance.md,
   * "Export", third pass). Only text that needs escaping or is not ASCII goes through a string.
   */
  private piece: Buffer = Buffer.allocUnsafeSlow(PIECE_BYTES);
  private used = 0;
  /**
   * Pieces the zip has finished compressing, for reuse: a new megabyte per piece would leave
   * dozens of them waiting for the garbage collector (memory outside V8's heap, which it
   * collects late), where three or four in turn do.
   */
  private readonly spare: Buffer[] = [];
  private readonly recycle = (piece: Buffer) => {
    if (piece.buffer.byteLength === PIECE_BYTES && this.spare.length < 8) this.spare.push(Buffer.from(piece.buffer, 0, PIECE_BYTES));
  };
  /** Data rows in the current sheet, and its XML bytes so far. */
  private sheetRows = 0;
  private sheetBytes = 0;
  private total = 0;

  private constructor(output: Writable, options: XlsxWriterOptions) {
    this.options = options;
    this.zip = new ZipWriter(output, { level: options.level ?? 1, modified: options.created ?? new Date() });
    this.letters = options.columns.map((_, i) => columnLetters(i));
    this.cellStarts = this.letters.map((l) => bytesOf(`<c r="${l}`));
    this.rowsPerSheet = Math.max(1, Math.min(MAX_ROWS_PER_SHEET, options.rowsPerSheet ?? MAX_ROWS_PER_SHEET));
    const cols = options.columns.map((c, i) => `<col min="${i + 1}" max="${i + 1}" width="${c.width ?? 16}" customWidth="1"/>`).join('');
    const header = options.columns.map((c, i) => `<c r="${this.letters[i] ?? 'A'}1${textCellTail(c.header, ' s="1"')}`).join('');
    // The header row stays in view while scrolling (a frozen pane under row 1).
    this.sheetHead =
      `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>` +
      `<sheetFormatPr defaultRowHeight="15"/>${cols ? `<cols>${cols}</cols>` : ''}<sheetData><row r="1">${header}</row>`;
  }

  static create(output: Writable, options: XlsxWriterOptions): XlsxStreamWriter {
    return new XlsxStreamWriter(output, options);
  }

  /** Data rows written so far (headers not counted). */
  get rows(): number {
    return this.total;
  }

  /** Bytes of the file written so far. */
  get bytes(): number {
    return this.zip.bytes;
  }

  /** Makes room for `bytes` more in the piece, sending the piece off first when they would not fit. */
  private async room(bytes: number): Promise<void> {
    if (this.used + bytes > this.piece.length) await this.flushPiece();
  }

  /** Writes markup or text made as a one-byte string (`utf8Bytes`): one character, one byte. */
  private async writeText(text: string): Promise<void> {
    for (let from = 0; from < text.length; from += PIECE_BYTES) {
      const part = text.slice(from, from + PIECE_BYTES);
      await this.room(part.length);
      this.used += this.piece.write(part, this.used, 'latin1');
    }
  }

  private async flushPiece(): Promise<void> {
    if (this.used === 0) return;
    const data = this.piece.subarray(0, this.used);
    // The zip compresses the piece later, in another thread: the next one needs its own memory.
    this.piece = this.spare.pop() ?? Buffer.allocUnsafeSlow(PIECE_BYTES);
    this.used = 0;
    await this.send(data, this.recycle);
  }

  private async send(data: Buffer, release?: (data: Buffer) => void): Promise<void> {
    if (!this.part) return;
    this.sheetBytes += data.length;
    await this.part.write(data, release);
  }

  private async openSheet(): Promise<void> {
    const index = this.sheetNames.length;
    this.sheetNames.push(sheetName(this.options.sheetName(index), this.taken));
    this.part = await this.zip.openFile(`xl/worksheets/sheet${index + 1}.xml`);
    this.sheetRows = 0;
    this.sheetBytes = 0;
    await this.writeText(this.sheetHead);
  }

  private async closeSheet(): Promise<void> {
    if (!this.part) return;
    await this.writeText('</sheetData></worksheet>');
    await this.flushPiece();
    await this.part.close();
    this.part = undefined;
  }

  /** Appends rows; each holds one value per column, in column order. */
  async addRows(rows: readonly (readonly CellValue[])[]): Promise<void> {
    const starts = this.cellStarts;
    const width = starts.length;
    const digits = this.digits;
    for (const row of rows) {
      if (!this.part || this.sheetRows >= this.rowsPerSheet || this.sheetBytes + this.used > SHEET_BYTES_MAX) {
        await this.closeSheet();
        await this.openSheet();
      }
      this.sheetRows += 1;
      this.total += 1;
      // The row's number, as the digits every cell's reference ends with.
      const nd = writeInt(digits, 0, this.sheetRows + 1);
      await this.room(CELL_ROOM);
      let buf = this.piece;
      let p = copy(buf, this.used, ROW_OPEN);
      p = copyN(buf, p, digits, nd);
      buf[p++] = QUOTE;
      buf[p++] = GT;
      for (let c = 0; c < width; c += 1) {
        const value = row[c];
        if (value === null || value === undefined || value === '') continue;
        if (typeof value === 'string' && (value.length > SHORT_TEXT || p + value.length + CELL_ROOM > buf.length)) {
          // Long text, or a piece near its end: the cell is made as a string and written whole.
          this.used = p;
          await this.writeText(latin1Of(starts[c] as Uint8Array) + latin1Of(digits.subarray(0, nd)) + latin1Of(this.textTail(value)));
          buf = this.piece;
          p = this.used;
          continue;
        }
        if (p + CELL_ROOM > buf.length) {
          this.used = p;
          await this.flushPiece();
          buf = this.piece;
          p = 0;
        }
        p = copy(buf, p, starts[c] as Uint8Array);
        p = copyN(buf, p, digits, nd);
        if (typeof value === 'number') {
          if (!Number.isFinite(value)) {
            // No cell: step back over the reference already written.
            p -= (starts[c] as Uint8Array).length + nd;
            continue;
          }
          p = copy(buf, p, NUMBER_OPEN);
          p = Number.isSafeInteger(value) ? writeInt(buf, p, value) : writeAscii(buf, p, String(value));
          p = copy(buf, p, NUMBER_CLOSE);
        } else if (typeof value === 'string') {
          const plainEnd = writePlainText(buf, p, value);
          if (plainEnd >= 0) {
            p = plainEnd;
          } else {
            // The text needs escaping, encoding or a formula guard: its tail is made as a string
            // (once, for a short text), and may be up to six bytes per character.
            const tail = this.textTail(value);
            if (p + tail.length > buf.length) {
              this.used = p;
              await this.flushPiece();
              buf = this.piece;
              p = 0;
            }
            p = copy(buf, p, tail);
          }
        } else {
          p = copy(buf, p, value ? TRUE_CELL : FALSE_CELL);
        }
      }
      p = copy(buf, p, ROW_CLOSE);
      this.used = p;
    }
  }

  /** Digits of the current row's number. */
  private readonly digits = new Uint8Array(24);

  /** The bytes of a text cell after its reference, kept for short texts (log columns repeat a few words). */
  private textTail(value: string): Uint8Array {
    let tail = this.tails.get(value);
    if (tail === undefined) {
      tail = bytesOf(textCellTail(value));
      if (value.length <= TAIL_CACHE_TEXT && this.tails.size < TAIL_CACHE_MAX) this.tails.set(value, tail);
    }
    return tail;
  }

  /** Closes the last sheet, writes the workbook's other parts; answers the file's size. */
  async finish(): Promise<number> {
    if (!this.part) await this.openSheet();
    await this.closeSheet();
    const names = this.sheetNames;
    const created = (this.options.created ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const creator = escapeXml(this.options.creator ?? 'GM Console');
    await this.zip.addFile(
      '[Content_Types].xml',
      `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>` +
        `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
        names.map((_, i) => `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`).join('') +
        `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`,
    );
    await this.zip.addFile(
      '_rels/.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}"><Relationship Id="rId1" Type="${REL_NS}/officeDocument" Target="xl/workbook.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`,
    );
    await this.zip.addFile(
      'docProps/core.xml',
      `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:creator>${creator}</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${created}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${created}</dcterms:modified></cp:coreProperties>`,
    );
    await this.zip.addFile(
      'xl/workbook.xml',
      `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}"><bookViews><workbookView/></bookViews><sheets>` +
        names.map((name, i) => `<sheet name="${escapeXml(name).replace(/"/g, '&quot;')}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`).join('') +
        `</sheets></workbook>`,
    );
    await this.zip.addFile(
      'xl/_rels/workbook.xml.rels',
      `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
        names.map((_, i) => `<Relationship Id="rId${i + 1}" Type="${REL_NS}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`).join('') +
        `<Relationship Id="rId${names.length + 1}" Type="${REL_NS}/styles" Target="styles.xml"/></Relationships>`,
    );
    await this.zip.addFile('xl/styles.xml', STYLES);
    return this.zip.finish();
  }
}

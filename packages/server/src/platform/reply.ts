/** The success envelope of every answer (house plan section 4). */
export function ok<T>(result: T): { code: 0; message: string; result: T } {
  return { code: 0, message: 'success', result };
}

/** `attachment` with an ASCII name and its UTF-8 form (RFC 6266), whatever the name holds. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

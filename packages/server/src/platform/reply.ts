/** The success envelope of every answer (house plan section 4). */
export function ok<T>(result: T): { code: 0; message: string; result: T } {
  return { code: 0, message: 'success', result };
}

/** What reading an Excel file yields or why it failed (shared by the .xlsx and .xls readers). */

/** Why a file was refused; each is a message key of the contract (spec section 8, Excel). */
export type ExcelProblem = 'excelReadFail' | 'excelParseFail' | 'excelNoWorksheet' | 'excelAllEmpty';

export class ExcelError extends Error {
  readonly problem: ExcelProblem;
  constructor(problem: ExcelProblem, detail?: string) {
    super(detail ? `${problem}: ${detail}` : problem);
    this.name = 'ExcelError';
    this.problem = problem;
  }
}

/** One worksheet: its name and its rows of cell texts (empty cells are ''). */
export interface Sheet {
  name: string;
  rows: string[][];
}

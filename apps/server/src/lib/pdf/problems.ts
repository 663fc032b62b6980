/**
 * What the PDF code tells its callers went wrong with a document, as error codes of the catalogue.
 * Thrown inside the worker, sent across as a code and a message, and turned into an AppError by
 * the pool (lib/pdf/pool.ts): the worker does not load the app's error module.
 */
export const PDF_PROBLEM_CODES = ['PDF_UNREADABLE', 'PDF_TOO_MANY_PAGES', 'PDF_TOO_LARGE'] as const;
export type PdfProblemCode = (typeof PDF_PROBLEM_CODES)[number];

export class PdfProblem extends Error {
  constructor(
    readonly code: PdfProblemCode,
    message: string,
  ) {
    super(message);
    this.name = 'PdfProblem';
  }
}

export function isPdfProblemCode(code: unknown): code is PdfProblemCode {
  return (PDF_PROBLEM_CODES as readonly unknown[]).includes(code);
}

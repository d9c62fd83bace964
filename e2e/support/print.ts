import type { Page } from '@playwright/test';

/** The page as Chromium prints it on A4 paper, with the page's own print stylesheet. */
export async function printToA4(page: Page): Promise<Buffer> {
  await page.emulateMedia({ media: 'print' });
  return page.pdf({ format: 'A4', preferCSSPageSize: true });
}

/** Pages of a PDF: its page objects (`/Type /Page`, not the `/Type /Pages` tree). */
export function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![a-z])/g)?.length ?? 0;
}

import type { Printer } from '../output/printer';

/** The contract caps the CLI's listings at 100 per page (as the server does). */
export const MAX_PER_PAGE = 100;

export function cappedPerPage(asked: number | undefined, fallback: number, printer: Printer): number {
  if (asked === undefined) return fallback;
  if (asked <= MAX_PER_PAGE) return asked;
  printer.note(
    printer.errColors.yellow(
      `note: --per-page is capped at ${MAX_PER_PAGE}; showing ${MAX_PER_PAGE} per page (use --page 2, 3… for the rest).`,
    ),
  );
  return MAX_PER_PAGE;
}

export const pageFooter = (page: { current_page: number; last_page: number; total: number }, noun: string) =>
  `page ${page.current_page} of ${page.last_page} (${page.total} ${noun})` +
  (page.current_page < page.last_page ? `; next: --page ${page.current_page + 1}` : '');

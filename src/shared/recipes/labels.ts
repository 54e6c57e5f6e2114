/**
 * Food labels for each pack (FIC 1169/2011 Art. 9 and 13): the label stocks the shop
 * prints on, and how small the text may go to fit one. Sizes in millimetres, from Avery's
 * templates (L7160: 21 per A4, L7163: 14 per A4) and a 62 mm continuous roll cut at 90 mm.
 */
export interface LabelStock {
  key: LabelStockKey;
  name: string;
  /** The page: A4 for sheets, one label for a roll. */
  page: { width: number; height: number };
  label: { width: number; height: number };
  columns: number;
  rows: number;
  /** The first label's top-left corner on the page, and the pitch from one label to the next. */
  top: number;
  left: number;
  across: number;
  down: number;
}

export const LABEL_STOCKS = {
  l7160: {
    key: 'l7160',
    name: 'Avery L7160 (21 per A4 sheet, 63.5 × 38.1 mm)',
    page: { width: 210, height: 297 },
    label: { width: 63.5, height: 38.1 },
    columns: 3,
    rows: 7,
    top: 15.15,
    left: 7.25,
    across: 66.04,
    down: 38.1,
  },
  l7163: {
    key: 'l7163',
    name: 'Avery L7163 (14 per A4 sheet, 99.1 × 38.1 mm)',
    page: { width: 210, height: 297 },
    label: { width: 99.1, height: 38.1 },
    columns: 2,
    rows: 7,
    top: 15.15,
    left: 4.65,
    across: 101.6,
    down: 38.1,
  },
  roll62: {
    key: 'roll62',
    name: '62 mm continuous roll (cut at 90 mm)',
    page: { width: 62, height: 90 },
    label: { width: 62, height: 90 },
    columns: 1,
    rows: 1,
    top: 0,
    left: 0,
    across: 62,
    down: 90,
  },
} as const satisfies Record<string, Omit<LabelStock, 'key'> & { key: string }>;

export type LabelStockKey = keyof typeof LABEL_STOCKS;
export const LABEL_STOCK_KEYS = Object.keys(LABEL_STOCKS) as LabelStockKey[];
export const isLabelStock = (v: unknown): v is LabelStockKey =>
  typeof v === 'string' && (LABEL_STOCK_KEYS as string[]).includes(v);

/** Where every label of a page sits, in mm from the page's corner, moved by the owner's offset. */
export function labelPositions(stock: LabelStock, offset: { x: number; y: number } = { x: 0, y: 0 }) {
  const cells: { top: number; left: number }[] = [];
  for (let row = 0; row < stock.rows; row++)
    for (let col = 0; col < stock.columns; col++)
      cells.push({
        top: stock.top + row * stock.down + offset.y,
        left: stock.left + col * stock.across + offset.x,
      });
  return cells;
}

/** Labels split into pages of `perPage`. */
export function paginate<T>(labels: T[], perPage: number): T[][] {
  const pages: T[][] = [];
  for (let i = 0; i < labels.length; i += perPage) pages.push(labels.slice(i, i + perPage));
  return pages;
}

/** The largest text tried, and the smallest legible: an x-height of about 0.9 mm (FIC Annex IV). */
export const LABEL_FONT_MAX_PT = 8;
export const LABEL_FONT_MIN_PT = 5.5;
const MM_PER_PT = 0.3528;
/** Average glyph width and line height of the label font, as parts of its size. */
const GLYPH = 0.5;
const LEADING = 1.18;
/** Inner padding of a label, each side. */
export const LABEL_PADDING_MM = 1.5;

/**
 * The size at which a label's text fits its cell: `lines` are its paragraphs (each starts a new
 * line); tried from the largest size down in half points. `fits` is false when even the smallest
 * legible size is too big: the page then says so rather than cutting the text off unseen.
 */
export function fitLabelText(
  lines: string[],
  label: { width: number; height: number },
): { pt: number; fits: boolean } {
  const width = label.width - 2 * LABEL_PADDING_MM;
  const height = label.height - 2 * LABEL_PADDING_MM;
  const linesAt = (pt: number) => {
    const perLine = Math.max(1, Math.floor(width / (pt * MM_PER_PT * GLYPH)));
    return lines.reduce((sum, text) => sum + Math.max(1, Math.ceil(text.length / perLine)), 0);
  };
  for (let pt = LABEL_FONT_MAX_PT; pt >= LABEL_FONT_MIN_PT; pt -= 0.5) {
    if (linesAt(pt) * pt * MM_PER_PT * LEADING <= height) return { pt, fits: true };
  }
  return { pt: LABEL_FONT_MIN_PT, fits: false };
}

/** The owner's alignment offset is kept within this many mm each way (a printer's usual drift). */
export const MAX_OFFSET_MM = 10;
export const clampOffset = (mm: number) =>
  Number.isFinite(mm) ? Math.max(-MAX_OFFSET_MM, Math.min(MAX_OFFSET_MM, Math.round(mm * 10) / 10)) : 0;

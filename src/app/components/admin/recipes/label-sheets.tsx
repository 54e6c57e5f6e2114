import { Printer } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Form } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Input, Label, Select } from '~/app/components/ui/input';
import { ingredientRuns } from '~/shared/food-information';
import {
  clampOffset,
  fitLabelText,
  LABEL_FONT_MIN_PT,
  LABEL_PADDING_MM,
  LABEL_STOCK_KEYS,
  LABEL_STOCKS,
  type LabelStockKey,
  labelPositions,
  MAX_OFFSET_MM,
  paginate,
} from '~/shared/recipes/labels';
import { labelParagraphs, type PackLabel } from '~/shared/recipes/pack-labels';
import { formatLongDate } from '~/shared/time/london-time';

type Shop = { name: string; address: string | null };

/**
 * The owner's alignment offset for a stock, kept in this browser: it corrects the printer this
 * computer prints on, which another computer's printer would not share.
 */
function useOffset(stock: LabelStockKey) {
  const key = `label-offset-${stock}`;
  const [offset, setOffset] = useState({ x: 0, y: 0 });
  useEffect(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(key) ?? 'null');
      setOffset(
        saved ? { x: clampOffset(Number(saved.x)), y: clampOffset(Number(saved.y)) } : { x: 0, y: 0 },
      );
    } catch {
      setOffset({ x: 0, y: 0 });
    }
  }, [key]);
  const save = (next: { x: number; y: number }) => {
    const clean = { x: clampOffset(next.x), y: clampOffset(next.y) };
    setOffset(clean);
    localStorage.setItem(key, JSON.stringify(clean));
  };
  return [offset, save] as const;
}

function Ingredients({ text }: { text: string }) {
  return (
    <>
      {ingredientRuns(text).map((run, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: runs of one fixed text
        run.allergen ? <strong key={i}>{run.text}</strong> : <span key={i}>{run.text}</span>,
      )}
    </>
  );
}

function LabelBody({ label, shop, pt }: { label: PackLabel; shop: Shop; pt: number }) {
  return (
    <div style={{ fontSize: `${pt}pt`, lineHeight: 1.18 }}>
      <p className="font-bold" style={{ fontSize: `${pt + 1}pt` }}>
        {label.name}
      </p>
      {label.ingredients.map((i) => (
        <p key={`${i.name}-${i.text}`}>
          <span className="font-semibold">{i.name ? `${i.name}: ` : 'Ingredients: '}</span>
          <Ingredients text={i.text} />
        </p>
      ))}
      {label.mayContain.length > 0 && <p>May contain: {label.mayContain.join(', ')}.</p>}
      <p>
        {label.netWeightGrams ? `Net weight ${label.netWeightGrams} g. ` : ''}Baked{' '}
        {formatLongDate(label.bakeDate)}.{' '}
        <span className="font-semibold">Best before {formatLongDate(label.bestBefore)}.</span>
      </p>
      {label.storage && <p>{label.storage}</p>}
      <p>
        {shop.name}
        {shop.address ? `, ${shop.address}` : ''}
      </p>
    </div>
  );
}

/**
 * Labels for printing on a stock (Avery L7160, L7163 or a 62 mm roll), placed to the millimetre
 * and moved by the owner's offset; `test` prints each cell's outline and number instead, to check
 * the alignment on plain paper held against a sheet.
 */
export function LabelSheets({
  labels,
  shop,
  stock: stockKey,
  test,
  title,
}: {
  labels: PackLabel[];
  shop: Shop;
  stock: LabelStockKey;
  test: boolean;
  title: string;
}) {
  const stock = LABEL_STOCKS[stockKey];
  const [offset, setOffset] = useOffset(stockKey);
  const cells = labelPositions(stock, offset);
  const fitted = labels.map((label) => ({
    label,
    ...fitLabelText(labelParagraphs(label, shop), stock.label),
  }));
  const tooLong = [...new Set(fitted.filter((f) => !f.fits).map((f) => f.label.name))];
  const pages = test ? [cells.map(() => null)] : paginate(fitted, cells.length);
  return (
    <>
      <style>{`@media print { @page { size: ${stock.page.width}mm ${stock.page.height}mm; margin: 0; } }`}</style>
      <div className="mx-auto max-w-4xl px-4 py-8 print:hidden">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-2 text-cocoa-light">
          {test
            ? 'Test page: print it on plain paper and hold it against a label sheet to check the alignment.'
            : `${labels.length === 1 ? '1 label' : `${labels.length} labels`} on ${pages.length === 1 ? '1 page' : `${pages.length} pages`}.`}
        </p>
        {tooLong.length > 0 && !test && (
          <p
            role="alert"
            className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 font-medium text-red-800"
          >
            Too long for this label even at the smallest legible size ({LABEL_FONT_MIN_PT} pt):{' '}
            {tooLong.join(', ')}. The end of the text is cut off: print these on a larger label (L7163 or the
            62 mm roll).
          </p>
        )}
        <Form method="get" className="mt-4 flex flex-wrap items-end gap-3">
          <div>
            <Label htmlFor="stock">Labels</Label>
            <Select id="stock" name="stock" defaultValue={stockKey}>
              {LABEL_STOCK_KEYS.map((k) => (
                <option key={k} value={k}>
                  {LABEL_STOCKS[k].name}
                </option>
              ))}
            </Select>
          </div>
          <label className="flex items-center gap-2">
            <input type="checkbox" name="test" value="1" defaultChecked={test} className="size-5" />
            Test page
          </label>
          <Button type="submit" variant="outline">
            Show
          </Button>
        </Form>
        <fieldset className="mt-4 flex flex-wrap items-end gap-3">
          <legend className="mb-1 font-medium">Alignment offset (mm, this computer's printer)</legend>
          <div>
            <Label htmlFor="offset-x">Right</Label>
            <Input
              id="offset-x"
              type="number"
              step="0.5"
              min={-MAX_OFFSET_MM}
              max={MAX_OFFSET_MM}
              className="w-24"
              value={offset.x}
              onChange={(e) => setOffset({ ...offset, x: Number(e.target.value) })}
            />
          </div>
          <div>
            <Label htmlFor="offset-y">Down</Label>
            <Input
              id="offset-y"
              type="number"
              step="0.5"
              min={-MAX_OFFSET_MM}
              max={MAX_OFFSET_MM}
              className="w-24"
              value={offset.y}
              onChange={(e) => setOffset({ ...offset, y: Number(e.target.value) })}
            />
          </div>
          <Button type="button" onClick={() => window.print()}>
            <Printer aria-hidden className="size-4" />
            Print labels
          </Button>
        </fieldset>
      </div>
      <div className="print:m-0">
        {pages.map((page, p) => (
          <section
            // biome-ignore lint/suspicious/noArrayIndexKey: pages are in order and never move
            key={p}
            aria-label={`Page ${p + 1}`}
            className="relative mx-auto mb-8 overflow-hidden bg-white shadow print:mb-0 print:shadow-none"
            style={{
              width: `${stock.page.width}mm`,
              height: `${stock.page.height}mm`,
              breakAfter: 'page',
            }}
          >
            {page.map((item, i) => (
              <div
                // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place on the page
                key={i}
                className={`absolute overflow-hidden text-black ${test ? 'border border-black' : 'outline outline-1 outline-crumb print:outline-none'}`}
                style={{
                  top: `${cells[i]!.top}mm`,
                  left: `${cells[i]!.left}mm`,
                  width: `${stock.label.width}mm`,
                  height: `${stock.label.height}mm`,
                  padding: `${LABEL_PADDING_MM}mm`,
                }}
              >
                {item ? (
                  <LabelBody label={item.label} shop={shop} pt={item.pt} />
                ) : (
                  <p className="flex h-full items-center justify-center text-2xl font-bold">{i + 1}</p>
                )}
              </div>
            ))}
          </section>
        ))}
      </div>
    </>
  );
}

import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/app/components/ui/button';
import { Input, Select } from '~/app/components/ui/input';
import { LINE_UNITS } from '~/shared/recipes/units';

export interface LineChoice {
  /** "i:<id>" for an ingredient, "s:<id>" for a sub-recipe. */
  value: string;
  label: string;
}

export interface LineValue {
  item: string;
  quantity: string;
  unit: string;
}

/**
 * A recipe's lines as repeated `line_item`, `line_quantity` and `line_unit` fields (the action reads
 * them in order); a row left empty is ignored. "Add a line" gives one more row.
 */
export function RecipeLines({
  idPrefix,
  choices,
  initial,
}: {
  idPrefix: string;
  choices: LineChoice[];
  initial: LineValue[];
}) {
  const [rows, setRows] = useState<LineValue[]>(
    initial.length
      ? [...initial, { item: '', quantity: '', unit: 'g' }]
      : [0, 1, 2].map(() => ({ item: '', quantity: '', unit: 'g' })),
  );
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 font-medium">Ingredients per batch</legend>
      {rows.map((row, i) => (
        // Rows are only ever added at the end, so their position is a stable key.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={i} className="grid grid-cols-[1fr_6rem_5rem] gap-2">
          <Select
            name="line_item"
            aria-label={`Line ${i + 1}: ingredient`}
            id={`${idPrefix}-item-${i}`}
            defaultValue={row.item}
          >
            <option value="">Choose…</option>
            {choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </Select>
          <Input
            name="line_quantity"
            aria-label={`Line ${i + 1}: quantity`}
            inputMode="decimal"
            defaultValue={row.quantity}
          />
          <Select name="line_unit" aria-label={`Line ${i + 1}: unit`} defaultValue={row.unit}>
            {LINE_UNITS.map((u) => (
              <option key={u} value={u}>
                {u}
              </option>
            ))}
          </Select>
        </div>
      ))}
      <Button
        type="button"
        variant="ghost"
        size="sm"
        onClick={() => setRows((r) => [...r, { item: '', quantity: '', unit: 'g' }])}
      >
        <Plus aria-hidden className="size-4" />
        Add a line
      </Button>
    </fieldset>
  );
}

/** The lines as the recipes service takes them, from the form's repeated fields. */
export function linesFromForm(form: FormData) {
  const items = form.getAll('line_item').map(String);
  const quantities = form.getAll('line_quantity').map(String);
  const units = form.getAll('line_unit').map(String);
  return items.flatMap((item, i) => {
    const quantity = quantities[i]?.trim() ?? '';
    if (!item && !quantity) return [];
    return [
      {
        ingredient_id: item.startsWith('i:') ? item.slice(2) : null,
        sub_recipe_id: item.startsWith('s:') ? item.slice(2) : null,
        quantity: quantity === '' ? Number.NaN : Number(quantity),
        unit: units[i] ?? 'g',
      },
    ];
  });
}

import { Form } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Input, Label, Select } from '~/app/components/ui/input';
import type { IngredientView } from '~/server/recipes/recipes-service';
import { ALLERGENS } from '~/shared/food-information';
import { poundsInput } from '~/shared/money/pounds';

/** Adds an ingredient, or edits `ingredient`: its unit, the 14 allergens, and its price and pack. */
export function IngredientForm({ ingredient, busy }: { ingredient?: IngredientView; busy: boolean }) {
  const id = ingredient?.id ?? 'new';
  return (
    <Form method="post" className="space-y-4">
      <input type="hidden" name="intent" value={ingredient ? 'update-ingredient' : 'create-ingredient'} />
      {ingredient && <input type="hidden" name="id" value={ingredient.id} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-name`}>Ingredient name</Label>
          <Input id={`${id}-name`} name="name" required maxLength={100} defaultValue={ingredient?.name} />
        </div>
        <div>
          <Label htmlFor={`${id}-unit`}>Measured in</Label>
          <Select id={`${id}-unit`} name="unit" defaultValue={ingredient?.unit ?? 'g'}>
            <option value="g">g (grams)</option>
            <option value="ml">ml (millilitres)</option>
            <option value="each">each (pieces)</option>
          </Select>
        </div>
        <div>
          <Label htmlFor={`${id}-price`}>Price per kg, litre or piece (£, optional)</Label>
          <Input
            id={`${id}-price`}
            name="price"
            inputMode="decimal"
            defaultValue={ingredient?.price_pennies != null ? poundsInput(ingredient.price_pennies) : ''}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-pack`}>Pack size, in its unit (optional)</Label>
          <Input
            id={`${id}-pack`}
            name="pack_size"
            inputMode="numeric"
            defaultValue={ingredient?.pack_size ?? ''}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-each`}>Weight of one piece in g (for "each")</Label>
          <Input
            id={`${id}-each`}
            name="grams_each"
            inputMode="numeric"
            defaultValue={ingredient?.grams_each ?? ''}
          />
        </div>
      </div>
      <table className="w-full max-w-lg text-sm">
        <caption className="mb-1 text-left font-medium">Allergens</caption>
        <thead>
          <tr className="text-left">
            <th scope="col">Allergen</th>
            <th scope="col">Contains</th>
            <th scope="col">May contain</th>
          </tr>
        </thead>
        <tbody>
          {ALLERGENS.map((a) => (
            <tr key={a.key} className="border-t border-crumb">
              <th scope="row" className="py-1 font-normal">
                {a.label}
              </th>
              <td>
                <input
                  type="checkbox"
                  name="contains"
                  value={a.key}
                  aria-label={`Contains ${a.label}`}
                  className="size-5 accent-caramel-dark"
                  defaultChecked={ingredient?.contains.includes(a.key)}
                />
              </td>
              <td>
                <input
                  type="checkbox"
                  name="may_contain"
                  value={a.key}
                  aria-label={`May contain ${a.label}`}
                  className="size-5 accent-caramel-dark"
                  defaultChecked={ingredient?.may_contain.includes(a.key)}
                />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Button type="submit" disabled={busy}>
        {ingredient ? 'Save ingredient' : 'Add ingredient'}
      </Button>
    </Form>
  );
}

import { Badge } from '~/app/components/ui/card';
import {
  type AllergenInfo,
  allergenLabel,
  allergensWith,
  ingredientRuns,
  unassessedAllergens,
} from '~/shared/food-information';

/** The allergen badges (docs/rules/shop-pages.md) (what it contains), then what it may contain, for the product page. */
export function AllergenSummary({ info }: { info: AllergenInfo }) {
  const contains = allergensWith(info, 'contains');
  const mayContain = allergensWith(info, 'may_contain');
  const unassessed = unassessedAllergens(info).map(allergenLabel);
  return (
    <section aria-labelledby="allergens-heading" className="mt-6">
      <h2 id="allergens-heading" className="mb-2 text-lg font-bold">
        Allergens
      </h2>
      {contains.length > 0 ? (
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium">Contains:</span>
          <ul className="flex flex-wrap gap-2">
            {contains.map((allergen) => (
              <li key={allergen}>
                <Badge className="bg-crumb text-sm">{allergen}</Badge>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-cocoa-light">None listed.</p>
      )}
      {mayContain.length > 0 && (
        <p className="mt-2">
          <span className="font-medium">May contain:</span> {mayContain.join(', ')}.
        </p>
      )}
      {unassessed.length > 0 && (
        <p className="mt-2 text-cocoa-light">
          Not yet confirmed: {unassessed.join(', ')}. Please contact us before ordering if these matter to
          you.
        </p>
      )}
    </section>
  );
}

/** The ingredients list with the allergens the owner marked in bold (FIC Art. 21). */
export function Ingredients({ text }: { text: string }) {
  if (!text.trim()) return null;
  return (
    <section aria-labelledby="ingredients-heading" className="mt-6">
      <h2 id="ingredients-heading" className="mb-2 text-lg font-bold">
        Ingredients
      </h2>
      <p className="leading-relaxed">
        {ingredientRuns(text).map((run, i) =>
          // biome-ignore lint/suspicious/noArrayIndexKey: runs of one fixed text, never reordered
          run.allergen ? <strong key={i}>{run.text}</strong> : <span key={i}>{run.text}</span>,
        )}
      </p>
    </section>
  );
}

/** Net weight, storage and best-before guidance. */
export function KeepingDetails({
  netWeightGrams,
  storageAdvice,
  shelfLifeDays,
}: {
  netWeightGrams: number | null;
  storageAdvice: string;
  shelfLifeDays: number;
}) {
  const rows: [string, string][] = [];
  if (netWeightGrams) rows.push(['Net weight', `${netWeightGrams} g`]);
  rows.push([
    'Best before',
    `Best enjoyed within ${shelfLifeDays} ${shelfLifeDays === 1 ? 'day' : 'days'} of baking. We bake to order; the date is printed on the packet.`,
  ]);
  if (storageAdvice.trim()) rows.push(['Storage', storageAdvice]);
  return (
    <section aria-labelledby="keeping-heading" className="mt-6">
      <h2 id="keeping-heading" className="mb-2 text-lg font-bold">
        Weight and keeping
      </h2>
      <dl className="space-y-1">
        {rows.map(([term, detail]) => (
          <div key={term}>
            <dt className="inline font-medium">{term}: </dt>
            <dd className="inline">{detail}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

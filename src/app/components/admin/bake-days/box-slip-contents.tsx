import { SlipAllergens } from '~/app/components/admin/slip-allergens';
import type { DayBoxCookie } from '~/shared/bake-days/day-sheets';
import { ingredientRuns } from '~/shared/food-information';

/**
 * What is in one box, on the packing slip (decision 042): each cookie with how many, its
 * ingredients (allergens in bold) and allergens, and the box's net weight when every cookie has one.
 */
export function BoxSlipContents({ cookies }: { cookies: DayBoxCookie[] }) {
  const weights = cookies.map((c) => (c.netWeightGrams === null ? null : c.netWeightGrams * c.quantity));
  const weight = weights.every((w) => w !== null) ? weights.reduce((a, b) => a + b, 0) : null;
  return (
    <div className="mt-1 text-xs">
      <p className="font-medium">In each box:</p>
      <ul className="list-disc pl-5">
        {cookies.map((c) => (
          <li key={`${c.productId}-${c.productName}`}>
            {c.quantity} × {c.productName}
            {(c.allergens.length > 0 || c.mayContain.length > 0) && (
              <>
                {' '}
                <SlipAllergens contains={c.allergens} mayContain={c.mayContain} />
              </>
            )}
            {c.ingredients && (
              <span className="block">
                Ingredients:{' '}
                {ingredientRuns(c.ingredients).map((run, i) =>
                  run.allergen ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: runs of one fixed text
                    <strong key={i}>{run.text}</strong>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: runs of one fixed text
                    <span key={i}>{run.text}</span>
                  ),
                )}
              </span>
            )}
          </li>
        ))}
      </ul>
      {weight !== null && <p>Net weight of each box: {weight} g</p>}
    </div>
  );
}

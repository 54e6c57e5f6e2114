import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { useCartStore } from '~/app/cart/cart-store';
import { AllergenSummary, KeepingDetails } from '~/app/components/food-information';
import { Button } from '~/app/components/ui/button';
import { QuantityStepper } from '~/app/components/ui/quantity-stepper';
import { toast } from '~/app/toast/toast';
import {
  type BoxFilling,
  type BoxView,
  balancedFill,
  chosenLabel,
  filledCount,
  normaliseFilling,
} from '~/shared/boxes/box';
import { boxFood } from '~/shared/boxes/box-food';
import { ingredientRuns } from '~/shared/food-information';

/**
 * A box's page (decision 042): steppers per cookie ("4 of 6 chosen"), "Fill it for me", and the
 * food information of what is chosen, before the box goes in the cart. Add to Cart is enabled
 * only when the box is full; the server checks the filling again at checkout.
 */
export function BoxFiller({
  product,
  photoUrl,
  hydrated,
}: {
  product: { id: string; name: string; price_pennies: number; box: BoxView };
  photoUrl: string;
  hydrated: boolean;
}) {
  const { box } = product;
  const addItem = useCartStore((s) => s.addItem);
  const [filling, setFilling] = useState<BoxFilling>(box.fixed ? normaliseFilling(box.fixed) : []);
  const chosen = filledCount(filling);
  const full = chosen === box.size;
  const countOf = (id: string) => filling.find((e) => e.product_id === id)?.quantity ?? 0;
  const setCount = (id: string, quantity: number) =>
    setFilling((f) =>
      normaliseFilling([...f.filter((e) => e.product_id !== id), { product_id: id, quantity }]),
    );
  const open = box.choices.filter((c) => !c.sold_out);
  const held = box.choices
    .filter((c) => countOf(c.id) > 0)
    .map((c) => ({
      cookie: {
        name: c.name,
        ingredients: c.ingredients,
        allergenInfo: c.allergen_info,
        shelfLifeDays: c.shelf_life_days,
        netWeightGrams: c.net_weight_grams,
      },
      quantity: countOf(c.id),
    }));
  const food = boxFood(held);

  function addToCart() {
    const contents = box.choices
      .filter((c) => countOf(c.id) > 0)
      .map((c) => ({ product_id: c.id, name: c.name, quantity: countOf(c.id) }));
    addItem({
      id: product.id,
      name: product.name,
      price_pennies: product.price_pennies,
      photo_url: photoUrl,
      box: { size: box.size, contents },
    });
    toast.success(`Added 1 ${product.name} to cart`);
    if (!box.fixed) setFilling([]);
  }

  return (
    <section aria-labelledby="fill-heading" className="mt-5 border-y border-crumb py-5">
      <h2 id="fill-heading" className="text-lg font-bold">
        {box.fixed ? 'In this box' : `Fill your box of ${box.size}`}
      </h2>
      <p role="status" className="mt-1 font-medium">
        {chosenLabel(chosen, box.size)}
      </p>
      <ul className="mt-3 divide-y divide-crumb">
        {box.choices.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
            <span>{c.name}</span>
            {box.fixed ? (
              <span className="tabular-nums">{countOf(c.id)}</span>
            ) : c.sold_out ? (
              <span className="text-cocoa-light">Sold out</span>
            ) : (
              <QuantityStepper
                value={countOf(c.id)}
                min={0}
                onChange={(q) => setCount(c.id, Math.min(q, countOf(c.id) + box.size - chosen))}
                label={c.name}
                disabled={!hydrated}
              />
            )}
          </li>
        ))}
      </ul>
      <div className="mt-4 flex flex-wrap gap-3">
        {!box.fixed && (
          <Button
            variant="outline"
            disabled={!hydrated || full || open.length === 0}
            onClick={() =>
              setFilling(
                balancedFill(
                  box.size,
                  open.map((c) => c.id),
                  filling,
                ),
              )
            }
          >
            Fill it for me
          </Button>
        )}
        <Button size="lg" onClick={addToCart} disabled={!hydrated || !full} className="w-full sm:w-auto">
          <ShoppingCart aria-hidden className="size-5" />
          Add to Cart
        </Button>
      </div>
      {held.length > 0 && (
        <div>
          <AllergenSummary info={food.allergenInfo} />
          <section aria-labelledby="box-ingredients-heading" className="mt-6">
            <h2 id="box-ingredients-heading" className="mb-2 text-lg font-bold">
              Ingredients
            </h2>
            <ul className="space-y-2">
              {food.ingredients.map((c) => (
                <li key={c.name}>
                  <span className="font-medium">
                    {c.quantity} × {c.name}:
                  </span>{' '}
                  {ingredientRuns(c.ingredients).map((run, i) =>
                    // biome-ignore lint/suspicious/noArrayIndexKey: runs of one fixed text
                    run.allergen ? <strong key={i}>{run.text}</strong> : <span key={i}>{run.text}</span>,
                  )}
                </li>
              ))}
            </ul>
          </section>
          <KeepingDetails
            netWeightGrams={food.netWeightGrams}
            storageAdvice=""
            shelfLifeDays={food.shelfLifeDays}
          />
        </div>
      )}
    </section>
  );
}

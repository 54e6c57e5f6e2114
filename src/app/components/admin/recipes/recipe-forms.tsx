import { Form } from 'react-router';
import { Button } from '~/app/components/ui/button';
import { Input, Label } from '~/app/components/ui/input';
import type { RecipeView } from '~/server/recipes/recipes-service';
import { type LineChoice, RecipeLines } from './recipe-lines';

const initialLines = (recipe?: RecipeView) =>
  recipe?.lines.map((l) => ({
    item: l.ingredient_id ? `i:${l.ingredient_id}` : `s:${l.sub_recipe_id}`,
    quantity: String(l.quantity),
    unit: l.unit,
  })) ?? [];

/** A cookie's recipe: its lines per batch, cookies a batch makes, the mixer's largest batch and waste. */
export function RecipeForm({
  productId,
  recipe,
  choices,
  busy,
}: {
  productId: string;
  recipe?: RecipeView;
  choices: LineChoice[];
  busy: boolean;
}) {
  const id = `recipe-${productId}`;
  return (
    <Form method="post" className="mt-4 space-y-4">
      <input type="hidden" name="intent" value="save-recipe" />
      <input type="hidden" name="product_id" value={productId} />
      <div className="grid gap-4 sm:grid-cols-3">
        <div>
          <Label htmlFor={`${id}-batch`}>Cookies per batch</Label>
          <Input
            id={`${id}-batch`}
            name="cookies_per_batch"
            inputMode="numeric"
            defaultValue={recipe?.cookies_per_batch ?? ''}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-mixer`}>Mixer's largest batch (cookies)</Label>
          <Input
            id={`${id}-mixer`}
            name="mixer_max_cookies"
            inputMode="numeric"
            defaultValue={recipe?.mixer_max_cookies ?? ''}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-waste`}>Waste allowance (%)</Label>
          <Input
            id={`${id}-waste`}
            name="waste_percent"
            inputMode="numeric"
            defaultValue={recipe?.waste_percent ?? 0}
          />
        </div>
      </div>
      <RecipeLines idPrefix={id} choices={choices} initial={initialLines(recipe)} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={busy}>
          Save recipe
        </Button>
      </div>
    </Form>
  );
}

/** A sub-recipe: its name, the grams a batch makes, and its ingredients (no other sub-recipe). */
export function SubRecipeForm({
  recipe,
  choices,
  busy,
}: {
  recipe?: RecipeView;
  choices: LineChoice[];
  busy: boolean;
}) {
  const id = `sub-${recipe?.id ?? 'new'}`;
  return (
    <Form method="post" className="mt-4 space-y-4">
      <input type="hidden" name="intent" value={recipe ? 'update-sub-recipe' : 'create-sub-recipe'} />
      {recipe && <input type="hidden" name="id" value={recipe.id} />}
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={`${id}-name`}>Sub-recipe name</Label>
          <Input id={`${id}-name`} name="name" defaultValue={recipe?.name ?? ''} />
        </div>
        <div>
          <Label htmlFor={`${id}-yield`}>One batch makes (g)</Label>
          <Input
            id={`${id}-yield`}
            name="yield_grams"
            inputMode="numeric"
            defaultValue={recipe?.yield_grams ?? ''}
          />
        </div>
      </div>
      <RecipeLines idPrefix={id} choices={choices} initial={initialLines(recipe)} />
      <Button type="submit" disabled={busy}>
        {recipe ? 'Save sub-recipe' : 'Add sub-recipe'}
      </Button>
    </Form>
  );
}

import { ChefHat } from 'lucide-react';
import { data, Form, useNavigation } from 'react-router';
import { LoadError } from '~/app/components/admin/load-error';
import { IngredientForm } from '~/app/components/admin/recipes/ingredient-form';
import { RecipeForm, SubRecipeForm } from '~/app/components/admin/recipes/recipe-forms';
import { linesFromForm } from '~/app/components/admin/recipes/recipe-lines';
import { Button } from '~/app/components/ui/button';
import { Badge, Card } from '~/app/components/ui/card';
import { pageMeta } from '~/app/seo/meta';
import { requireAdminPage } from '~/app/server/guards.server';
import { field, loadOrNull, runPageAction } from '~/app/server/page-action.server';
import { useActionToast } from '~/app/toast/use-action-toast';
import { allergenLabel, ingredientRuns, isAllergenKey } from '~/shared/food-information';
import { formatPence } from '~/shared/money/money';
import { costAndMargin } from '~/shared/recipes/recipe';
import type { Route } from './+types/recipes';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Recipes',
    description: 'Ingredients, recipes and what each cookie costs to make.',
    noIndex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminPage(request, context);
  const { recipes } = context.services;
  return {
    ingredients: await loadOrNull(context, 'ingredients', () => recipes.ingredients()),
    book: await loadOrNull(context, 'recipes', () => recipes.list()),
  };
}

const ingredientInput = (form: FormData) => ({
  name: field(form, 'name'),
  unit: field(form, 'unit'),
  contains: form.getAll('contains').map(String),
  may_contain: form.getAll('may_contain').map(String),
  grams_each: field(form, 'grams_each'),
  price_pennies: field(form, 'price'),
  pack_size: field(form, 'pack_size'),
});

/**
 * Ingredients (`create-ingredient`, `update-ingredient`, `delete-ingredient`), a cookie's recipe
 * (`save-recipe` with `product_id`), sub-recipes (`create-sub-recipe`, `update-sub-recipe`),
 * `delete-recipe`, and `take-allergens` (the product's allergens as its recipe gives them).
 */
export async function action({ request, context }: Route.ActionArgs) {
  await requireAdminPage(request, context);
  const form = await request.formData();
  const intent = field(form, 'intent');
  const id = field(form, 'id');
  const { recipes } = context.services;
  switch (intent) {
    case 'create-ingredient':
      return runPageAction(context, intent, () => recipes.createIngredient(ingredientInput(form)));
    case 'update-ingredient':
      return runPageAction(context, intent, () => recipes.updateIngredient(id, ingredientInput(form)));
    case 'delete-ingredient':
      return runPageAction(context, intent, () => recipes.removeIngredient(id));
    case 'save-recipe':
      return runPageAction(context, intent, () =>
        recipes.saveProductRecipe(field(form, 'product_id'), {
          cookies_per_batch: field(form, 'cookies_per_batch'),
          mixer_max_cookies: field(form, 'mixer_max_cookies'),
          waste_percent: field(form, 'waste_percent'),
          lines: linesFromForm(form),
        }),
      );
    case 'create-sub-recipe':
    case 'update-sub-recipe':
      return runPageAction(context, intent, () =>
        recipes.saveSubRecipe(intent === 'create-sub-recipe' ? null : id, {
          name: field(form, 'name'),
          yield_grams: field(form, 'yield_grams'),
          lines: linesFromForm(form),
        }),
      );
    case 'delete-recipe':
      return runPageAction(context, intent, () => recipes.removeRecipe(id));
    case 'take-allergens':
      return runPageAction(context, intent, () => recipes.takeAllergensFromRecipe(field(form, 'product_id')));
    default:
      return data({ ok: false as const, intent, error: 'Unknown action' }, { status: 400 });
  }
}

const TOASTS = {
  'create-ingredient': { success: 'Ingredient added', failure: 'Could not add the ingredient' },
  'update-ingredient': { success: 'Ingredient saved', failure: 'Could not save the ingredient' },
  'delete-ingredient': { success: 'Ingredient deleted', failure: 'Could not delete the ingredient' },
  'save-recipe': { success: 'Recipe saved', failure: 'Could not save the recipe' },
  'create-sub-recipe': { success: 'Sub-recipe added', failure: 'Could not add the sub-recipe' },
  'update-sub-recipe': { success: 'Sub-recipe saved', failure: 'Could not save the sub-recipe' },
  'delete-recipe': { success: 'Recipe deleted', failure: 'Could not delete the recipe' },
  'take-allergens': { success: 'Allergens taken from the recipe', failure: 'Could not change the allergens' },
};

/** The ingredients list as the shop shows it, allergen ingredients in bold. */
export function IngredientsText({ text }: { text: string }) {
  return (
    <>
      {ingredientRuns(text).map((run, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: runs of one fixed text
        run.allergen ? <strong key={i}>{run.text}</strong> : <span key={i}>{run.text}</span>,
      )}
    </>
  );
}

export default function Recipes({ loaderData, actionData }: Route.ComponentProps) {
  const { ingredients, book } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  useActionToast({ state: navigation.state, data: actionData }, TOASTS);
  if (!ingredients || !book) {
    return (
      <main className="mx-auto w-full max-w-6xl px-4 py-8">
        <LoadError message="Failed to load the recipes" />
      </main>
    );
  }
  const choices = [
    ...ingredients.map((i) => ({ value: `i:${i.id}`, label: `${i.name} (${i.unit})` })),
    ...book.sub_recipes.map((r) => ({ value: `s:${r.id}`, label: `${r.name} (sub-recipe, g)` })),
  ];
  const ingredientChoices = choices.filter((c) => c.value.startsWith('i:'));
  const byProduct = new Map(book.recipes.map((r) => [r.product_id, r]));
  const refusal = actionData && !actionData.ok ? actionData.error : null;

  return (
    <main className="mx-auto w-full max-w-6xl space-y-10 px-4 py-8">
      <header>
        <h1 className="text-3xl font-bold">Recipes</h1>
        <p className="mt-2 text-cocoa-light">
          A cookie with a recipe takes its ingredients list from it, heaviest first, and cannot be on sale
          while its allergens disagree with its ingredients. Boxes take theirs from the cookies in them.
        </p>
        {refusal && (
          <p
            role="alert"
            className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 font-medium text-red-800"
          >
            {refusal}
          </p>
        )}
      </header>

      <section aria-labelledby="cookies-heading" className="space-y-4">
        <h2 id="cookies-heading" className="text-2xl font-bold">
          Cookies
        </h2>
        {book.cookies.length === 0 && <p className="text-cocoa-light">No cookies in the catalogue yet.</p>}
        {book.cookies.map((cookie) => {
          const recipe = byProduct.get(cookie.id);
          return (
            <Card key={cookie.id} className="p-5" role="region" aria-labelledby={`cookie-${cookie.id}`}>
              <h3 id={`cookie-${cookie.id}`} className="text-xl font-semibold">
                {cookie.name}
              </h3>
              {recipe ? (
                <div className="mt-2 space-y-2">
                  <p>
                    <span className="font-medium">Ingredients: </span>
                    <IngredientsText text={recipe.ingredients_text} />
                  </p>
                  <p>
                    <span className="font-medium">Contains: </span>
                    {Object.entries(recipe.allergen_info)
                      .filter(([, s]) => s === 'contains')
                      .map(([k]) => (isAllergenKey(k) ? allergenLabel(k) : k))
                      .join(', ') || 'none of the 14 allergens'}
                  </p>
                  <p className="text-cocoa-light">
                    {`${recipe.cookies_per_batch} cookies a batch, the mixer takes ${recipe.mixer_max_cookies}, waste allowance ${recipe.waste_percent}%.`}{' '}
                    {recipe.cost_per_cookie_pennies != null
                      ? costAndMargin(recipe.cost_per_cookie_pennies, recipe.price_pennies)
                      : 'Give every ingredient a price to see the cost per cookie.'}
                  </p>
                  {recipe.disagreements.length > 0 && (
                    <div className="rounded-md border border-amber-300 bg-amber-50 p-3">
                      <p className="font-medium">
                        <Badge className="mr-2 bg-amber-200">Allergens disagree</Badge>
                        {recipe.is_active ? '' : 'It cannot be put on sale until they agree.'}
                      </p>
                      <ul className="mt-1 list-disc pl-5">
                        {recipe.disagreements.map((d) => (
                          <li key={d}>{d}</li>
                        ))}
                      </ul>
                      <Form method="post" className="mt-2">
                        <input type="hidden" name="intent" value="take-allergens" />
                        <input type="hidden" name="product_id" value={cookie.id} />
                        <Button type="submit" size="sm" variant="outline" disabled={busy}>
                          Take the allergens from the recipe
                        </Button>
                      </Form>
                    </div>
                  )}
                </div>
              ) : (
                <p className="mt-1 text-cocoa-light">
                  No recipe yet: its ingredients are as typed on the product.
                </p>
              )}
              <details className="mt-3">
                <summary className="cursor-pointer font-medium text-caramel-dark">
                  {recipe ? `Edit the recipe of ${cookie.name}` : `Write a recipe for ${cookie.name}`}
                </summary>
                <RecipeForm productId={cookie.id} recipe={recipe} choices={choices} busy={busy} />
              </details>
            </Card>
          );
        })}
      </section>

      <section aria-labelledby="sub-heading" className="space-y-4">
        <h2 id="sub-heading" className="text-2xl font-bold">
          Sub-recipes
        </h2>
        <p className="text-cocoa-light">
          A dough or glaze several cookies use, made in grams. One level only.
        </p>
        {book.sub_recipes.map((r) => (
          <Card key={r.id} className="p-5">
            <h3 className="text-xl font-semibold">{r.name}</h3>
            <p className="mt-1">
              Makes {r.yield_grams} g: <IngredientsText text={r.ingredients_text} />
            </p>
            <details className="mt-3">
              <summary className="cursor-pointer font-medium text-caramel-dark">Edit {r.name}</summary>
              <SubRecipeForm recipe={r} choices={ingredientChoices} busy={busy} />
            </details>
          </Card>
        ))}
        <details>
          <summary className="cursor-pointer font-medium text-caramel-dark">Add a sub-recipe</summary>
          <SubRecipeForm key={book.sub_recipes.length} choices={ingredientChoices} busy={busy} />
        </details>
      </section>

      <section aria-labelledby="ingredients-heading" className="space-y-4">
        <h2 id="ingredients-heading" className="text-2xl font-bold">
          Ingredients
        </h2>
        {ingredients.length === 0 && (
          <div className="flex items-center gap-3 text-cocoa-light">
            <ChefHat aria-hidden /> No ingredients yet.
          </div>
        )}
        <ul className="space-y-3">
          {ingredients.map((i) => (
            <li key={i.id}>
              <Card className="p-4">
                <details>
                  <summary className="cursor-pointer">
                    <span className="font-semibold">{i.name}</span>{' '}
                    <span className="text-cocoa-light">
                      ({i.unit}
                      {i.contains.length
                        ? `; contains ${i.contains.map((k) => (isAllergenKey(k) ? allergenLabel(k) : k)).join(', ')}`
                        : ''}
                      {i.price_pennies != null
                        ? `; ${formatPence(i.price_pennies)} per ${i.unit === 'each' ? 'piece' : i.unit === 'g' ? 'kg' : 'litre'}`
                        : ''}
                      )
                    </span>
                  </summary>
                  <div className="mt-4 space-y-4">
                    <IngredientForm ingredient={i} busy={busy} />
                    {i.used_in.length > 0 ? (
                      <p className="text-sm text-cocoa-light">Used in {i.used_in.join(', ')}.</p>
                    ) : (
                      <Form method="post">
                        <input type="hidden" name="intent" value="delete-ingredient" />
                        <input type="hidden" name="id" value={i.id} />
                        <Button type="submit" variant="danger" size="sm" disabled={busy}>
                          Delete {i.name}
                        </Button>
                      </Form>
                    )}
                  </div>
                </details>
              </Card>
            </li>
          ))}
        </ul>
        <Card className="p-5" role="region" aria-labelledby="add-ingredient-heading">
          <h3 id="add-ingredient-heading" className="mb-3 text-xl font-semibold">
            Add an ingredient
          </h3>
          {/* A new form after each added ingredient: the last one's ticks must not carry over. */}
          <IngredientForm key={ingredients.length} busy={busy} />
        </Card>
      </section>
    </main>
  );
}

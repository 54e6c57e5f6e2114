import { Hono } from 'hono';
import { jsonBody } from '../http/json-body';
import type { Services } from '../services';

/**
 * Ingredients, recipes and the production sheet, under /api/admin behind its guard (app.ts). A
 * product's recipe is kept here, not with the product: the recipe book owns it.
 */
export function recipesAdminRoutes(services: Services) {
  const { recipes, production } = services;
  return new Hono()
    .get('/ingredients', async (c) => c.json({ ingredients: await recipes.ingredients() }))
    .post('/ingredients', async (c) =>
      c.json({ ingredient: await recipes.createIngredient(await jsonBody(c)) }, 201),
    )
    .put('/ingredients/:id', async (c) =>
      c.json({ ingredient: await recipes.updateIngredient(c.req.param('id'), await jsonBody(c)) }),
    )
    .delete('/ingredients/:id', async (c) => c.json(await recipes.removeIngredient(c.req.param('id'))))
    .get('/recipes', async (c) => c.json(await recipes.list()))
    .put('/products/:id/recipe', async (c) =>
      c.json({ recipe: await recipes.saveProductRecipe(c.req.param('id'), await jsonBody(c)) }),
    )
    .post('/sub-recipes', async (c) =>
      c.json({ recipe: await recipes.saveSubRecipe(null, await jsonBody(c)) }, 201),
    )
    .put('/sub-recipes/:id', async (c) =>
      c.json({ recipe: await recipes.saveSubRecipe(c.req.param('id'), await jsonBody(c)) }),
    )
    .delete('/recipes/:id', async (c) => c.json(await recipes.removeRecipe(c.req.param('id'))))
    .get('/bake-days/:date/production', async (c) =>
      c.json(await production.day(c.req.param('date'), c.req.query('split'))),
    );
}

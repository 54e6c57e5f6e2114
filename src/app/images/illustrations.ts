/**
 * The Our Story pictures and the home page's value-point illustrations (rendered from the SVGs in
 * ~/app/assets/illustrations/src by `node --import tsx scripts/build-images.ts illustrations`).
 */

import storyHandsAvif480 from '~/app/assets/illustrations/story-hands-480.avif';
import storyHandsWebp480 from '~/app/assets/illustrations/story-hands-480.webp';
import storyHandsAvif800 from '~/app/assets/illustrations/story-hands-800.avif';
import storyHandsWebp800 from '~/app/assets/illustrations/story-hands-800.webp';
import storyHandsAvif1200 from '~/app/assets/illustrations/story-hands-1200.avif';
import storyHandsWebp1200 from '~/app/assets/illustrations/story-hands-1200.webp';
import storyHillsAvif480 from '~/app/assets/illustrations/story-hills-480.avif';
import storyHillsWebp480 from '~/app/assets/illustrations/story-hills-480.webp';
import storyHillsAvif800 from '~/app/assets/illustrations/story-hills-800.avif';
import storyHillsWebp800 from '~/app/assets/illustrations/story-hills-800.webp';
import storyHillsAvif1200 from '~/app/assets/illustrations/story-hills-1200.avif';
import storyHillsWebp1200 from '~/app/assets/illustrations/story-hills-1200.webp';
import storyKitchenAvif480 from '~/app/assets/illustrations/story-kitchen-480.avif';
import storyKitchenWebp480 from '~/app/assets/illustrations/story-kitchen-480.webp';
import storyKitchenAvif800 from '~/app/assets/illustrations/story-kitchen-800.avif';
import storyKitchenWebp800 from '~/app/assets/illustrations/story-kitchen-800.webp';
import storyKitchenAvif1200 from '~/app/assets/illustrations/story-kitchen-1200.avif';
import storyKitchenWebp1200 from '~/app/assets/illustrations/story-kitchen-1200.webp';
import valueDeliveryAvif160 from '~/app/assets/illustrations/value-delivery-160.avif';
import valueDeliveryWebp160 from '~/app/assets/illustrations/value-delivery-160.webp';
import valueDeliveryAvif320 from '~/app/assets/illustrations/value-delivery-320.avif';
import valueDeliveryWebp320 from '~/app/assets/illustrations/value-delivery-320.webp';
import valueHandmadeAvif160 from '~/app/assets/illustrations/value-handmade-160.avif';
import valueHandmadeWebp160 from '~/app/assets/illustrations/value-handmade-160.webp';
import valueHandmadeAvif320 from '~/app/assets/illustrations/value-handmade-320.avif';
import valueHandmadeWebp320 from '~/app/assets/illustrations/value-handmade-320.webp';
import valueIngredientsAvif160 from '~/app/assets/illustrations/value-ingredients-160.avif';
import valueIngredientsWebp160 from '~/app/assets/illustrations/value-ingredients-160.webp';
import valueIngredientsAvif320 from '~/app/assets/illustrations/value-ingredients-320.avif';
import valueIngredientsWebp320 from '~/app/assets/illustrations/value-ingredients-320.webp';
import type { ResponsiveImage } from './product-image';

export const illustrations = {
  storyKitchen: {
    src: storyKitchenWebp1200,
    srcSet: `${storyKitchenWebp480} 480w, ${storyKitchenWebp800} 800w, ${storyKitchenWebp1200} 1200w`,
    avifSrcSet: `${storyKitchenAvif480} 480w, ${storyKitchenAvif800} 800w, ${storyKitchenAvif1200} 1200w`,
    width: 1200,
    height: 800,
  },
  storyHills: {
    src: storyHillsWebp1200,
    srcSet: `${storyHillsWebp480} 480w, ${storyHillsWebp800} 800w, ${storyHillsWebp1200} 1200w`,
    avifSrcSet: `${storyHillsAvif480} 480w, ${storyHillsAvif800} 800w, ${storyHillsAvif1200} 1200w`,
    width: 1200,
    height: 800,
  },
  storyHands: {
    src: storyHandsWebp1200,
    srcSet: `${storyHandsWebp480} 480w, ${storyHandsWebp800} 800w, ${storyHandsWebp1200} 1200w`,
    avifSrcSet: `${storyHandsAvif480} 480w, ${storyHandsAvif800} 800w, ${storyHandsAvif1200} 1200w`,
    width: 1200,
    height: 800,
  },
  valueHandmade: {
    src: valueHandmadeWebp320,
    srcSet: `${valueHandmadeWebp160} 160w, ${valueHandmadeWebp320} 320w`,
    avifSrcSet: `${valueHandmadeAvif160} 160w, ${valueHandmadeAvif320} 320w`,
    width: 320,
    height: 320,
  },
  valueDelivery: {
    src: valueDeliveryWebp320,
    srcSet: `${valueDeliveryWebp160} 160w, ${valueDeliveryWebp320} 320w`,
    avifSrcSet: `${valueDeliveryAvif160} 160w, ${valueDeliveryAvif320} 320w`,
    width: 320,
    height: 320,
  },
  valueIngredients: {
    src: valueIngredientsWebp320,
    srcSet: `${valueIngredientsWebp160} 160w, ${valueIngredientsWebp320} 320w`,
    avifSrcSet: `${valueIngredientsAvif160} 160w, ${valueIngredientsAvif320} 320w`,
    width: 320,
    height: 320,
  },
} satisfies Record<string, ResponsiveImage>;

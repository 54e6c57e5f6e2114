import { Link } from 'react-router';
import { Illustration } from '~/app/components/illustration';
import { ProductImage } from '~/app/components/product-image';
import { Button } from '~/app/components/ui/button';
import { Card } from '~/app/components/ui/card';
import { illustrations } from '~/app/images/illustrations';
import { heroImage, heroSquare } from '~/app/images/product-image';
import { pageMeta, siteFrom } from '~/app/seo/meta';
import { bakeryJsonLd, type ShopDetails } from '~/app/seo/structured-data';
import { formatPence } from '~/shared/money/money';
import type { Route } from './+types/home';

export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = matches.find((m) => m?.id === 'root')?.loaderData as { shop?: ShopDetails } | undefined;
  return [
    ...pageMeta(matches, {
      title: 'Handmade Cookies from the Heart of Shropshire',
      description:
        'Handcrafted artisan cookies made with the finest ingredients, baked fresh to order in Shropshire and delivered across the UK.',
      path: '/',
    }),
    ...(shop?.shop ? [{ 'script:ld+json': bakeryJsonLd(shop.shop, siteFrom(matches).publicUrl) }] : []),
  ];
};

/** Fixed showcase cards (docs/rules/shop-pages.md): not read from the catalogue, each leads to the shop. */
const FEATURED = [
  {
    name: 'Dark Chocolate & Sea Salt',
    price: 450,
    description: 'Chunks of rich dark chocolate in a brown-butter dough, finished with flaky sea salt.',
  },
  {
    name: 'Cinnamon & Orange Glaze',
    price: 425,
    description: 'A soft, warmly spiced cinnamon cookie under a zesty orange glaze.',
  },
  {
    name: 'Pecan & Maple Syrup',
    price: 475,
    description: 'Toasted pecans and pure maple syrup in a chewy, golden cookie.',
  },
] as const;

const VALUES = [
  {
    image: illustrations.valueHandmade,
    title: 'Handcrafted with Love',
    text: 'Every cookie is mixed, shaped and baked by hand in small batches in our Shropshire kitchen.',
  },
  {
    image: illustrations.valueDelivery,
    title: 'Fresh Delivery',
    text: 'Baked fresh to order, packed with care and delivered across the UK.',
  },
  {
    image: illustrations.valueIngredients,
    title: 'Premium Ingredients',
    text: 'Handcrafted with premium ingredients: local butter, free-range eggs and proper chocolate.',
  },
] as const;

export default function Home() {
  return (
    <main>
      <section className="relative isolate flex h-[600px] items-center overflow-hidden">
        <picture>
          {/* Phones first: the first matching source wins. */}
          {(['avif', 'webp'] as const).map((format) => (
            <source
              key={format}
              media={heroSquare.media}
              type={`image/${format}`}
              srcSet={heroSquare[format]}
              width={heroSquare.width}
              height={heroSquare.height}
            />
          ))}
          <source type="image/avif" srcSet={heroImage.avifSrcSet} sizes="100vw" />
          <img
            src={heroImage.src}
            srcSet={heroImage.srcSet}
            sizes="100vw"
            width={heroImage.width}
            height={heroImage.height}
            alt=""
            fetchPriority="high"
            className="absolute inset-0 -z-20 size-full object-cover"
          />
        </picture>
        {/* Dark enough everywhere for white text (AA) whatever part of the picture shows through. */}
        <div aria-hidden className="absolute inset-0 -z-10 bg-linear-to-r from-cocoa/90 to-cocoa/75" />
        <div className="mx-auto w-full max-w-6xl px-4 text-white">
          <p className="mb-3 font-medium tracking-wide text-dough uppercase">Handmade in Shropshire, UK</p>
          <h1 className="max-w-3xl text-4xl leading-tight font-bold sm:text-5xl lg:text-6xl">
            Handmade Cookies from the Heart of Shropshire
          </h1>
          <p className="mt-5 max-w-xl text-lg text-cream">
            Handcrafted with premium ingredients and baked fresh to order, delivered across the UK.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg" className="focus-visible:outline-white">
              <Link to="/shop">Shop Now</Link>
            </Button>
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-white bg-transparent text-white hover:bg-white/15 focus-visible:outline-white"
            >
              <Link to="/our-story">Our Story</Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="featured-heading" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="featured-heading" className="mb-2 text-center text-3xl font-bold">
          Featured Cookies
        </h2>
        <p className="mb-10 text-center text-cocoa-light">A few of our most-loved bakes.</p>
        <ul className="grid gap-6 md:grid-cols-3">
          {FEATURED.map((cookie) => (
            <li key={cookie.name}>
              <Card className="flex h-full flex-col overflow-hidden">
                <ProductImage name={cookie.name} sizes="(min-width: 768px) 33vw, 100vw" />
                <div className="flex flex-1 flex-col p-5">
                  <h3 className="text-xl font-bold">{cookie.name}</h3>
                  <p className="mt-2 flex-1 text-cocoa-light">{cookie.description}</p>
                  <div className="mt-4 flex items-center justify-between gap-3">
                    <p className="text-xl font-bold text-caramel-dark">{formatPence(cookie.price)}</p>
                    <Button asChild variant="secondary">
                      <Link to="/shop" aria-label={`View Details: ${cookie.name}`}>
                        View Details
                      </Link>
                    </Button>
                  </div>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="values-heading" className="bg-dough">
        <h2 id="values-heading" className="sr-only">
          Why Our Cookies
        </h2>
        <ul className="mx-auto grid max-w-6xl gap-10 px-4 py-16 md:grid-cols-3">
          {VALUES.map(({ image, title, text }) => (
            <li key={title} className="text-center">
              {/* Decoration: the heading beside it says what it shows. */}
              <Illustration image={image} alt="" sizes="160px" className="mx-auto mb-4 size-40" />
              <h3 className="mb-2 text-xl font-bold">{title}</h3>
              <p className="text-cocoa-light">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="tradition-heading" className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h2 id="tradition-heading" className="mb-4 text-3xl font-bold">
          Baked with Tradition
        </h2>
        <p className="mb-4 text-lg text-cocoa-light">
          Our recipes began in a farmhouse kitchen in the Shropshire hills, written in a well-thumbed notebook
          and passed from one generation of bakers to the next.
        </p>
        <p className="mb-8 text-lg text-cocoa-light">
          We still bake them the same way: slowly, by hand, with butter from local dairies and nothing we
          would not use at home.
        </p>
        <Button asChild size="lg">
          <Link to="/our-story">Read Our Story</Link>
        </Button>
      </section>
    </main>
  );
}

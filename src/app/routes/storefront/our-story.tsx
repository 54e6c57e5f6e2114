import { Link } from 'react-router';
import { Illustration } from '~/app/components/illustration';
import { Button } from '~/app/components/ui/button';
import { illustrations } from '~/app/images/illustrations';
import { pageMeta } from '~/app/seo/meta';
import type { Route } from './+types/our-story';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Our Story',
    description:
      'How a family recipe book from the Shropshire hills became a small bakery sending handmade cookies across the UK.',
    path: '/our-story',
  });

const SECTIONS = [
  {
    title: 'Rooted in Tradition',
    picture: {
      image: illustrations.storyKitchen,
      alt: 'A farmhouse kitchen: the family recipe notebook open on the table beside a bowl of dough and cookies cooling on a rack',
      caption: 'Where it started: the farmhouse kitchen, and the notebook that still sets the recipes.',
    },
    paragraphs: [
      'Our story starts with a battered recipe notebook that lived on a farmhouse kitchen shelf in the Shropshire hills. Grandma Margaret filled it over forty years: butter-rich biscuits for harvest suppers, spiced cookies for Christmas, and notes in the margins about which batch the grandchildren ate before they had cooled.',
      'When we opened our own little bakery, we brought that notebook with us. We still cream the butter and sugar by hand, rest our dough overnight and bake in small batches, because some things simply taste better when nobody hurries them.',
    ],
  },
  {
    title: 'The Heart of Shropshire',
    picture: {
      image: illustrations.storyHills,
      alt: 'The Shropshire hills at golden hour: patchwork fields, hedgerows, sheep and a farmhouse at the end of a lane',
      caption: 'The hills our butter, eggs and honey come from.',
    },
    paragraphs: [
      'Shropshire is a county of rolling farmland, market towns and proud local producers, and we bake with as much of it as we can. Our butter and cream come from dairies a short drive away, our eggs from free-range farms near Ludlow, and our honey from hives on the edge of the Long Mynd.',
      'Buying close to home means fresher ingredients, fewer miles on the road and a living for the farmers and makers who keep this corner of England special.',
    ],
  },
  {
    title: 'Our Promise to You',
    picture: {
      image: illustrations.storyHands,
      alt: 'Hands rolling cookie dough into balls on a floured board, a tray of dough ready for the oven beside them',
      caption: 'Every cookie is weighed, rolled and shaped by hand.',
    },
    paragraphs: [
      'Every cookie we send is handcrafted with premium ingredients and baked fresh to order. No preservatives, no shortcuts and nothing we would not happily give our own family.',
      'We pack each order with care and deliver across the UK, so whether you are treating yourself, surprising a friend or stocking the office biscuit tin, your cookies arrive tasting as though they have just left our oven. If anything is not right, tell us and we will put it right.',
    ],
  },
] as const;

export default function OurStory() {
  return (
    <main>
      <header className="bg-dough">
        <div className="mx-auto max-w-3xl px-4 py-16 text-center">
          <p className="mb-3 font-medium tracking-wide text-caramel-dark uppercase">
            Handmade in Shropshire, UK
          </p>
          <h1 className="text-4xl font-bold sm:text-5xl">Our Story</h1>
          <p className="mt-5 text-lg text-cocoa-light">
            Three generations of baking, one county we love, and a simple belief that a good cookie is worth
            taking your time over.
          </p>
        </div>
      </header>
      <div className="mx-auto max-w-3xl px-4 py-12">
        {SECTIONS.map((section) => (
          <section key={section.title} className="mb-16 last:mb-0">
            <h2 className="mb-4 text-3xl font-bold">{section.title}</h2>
            {section.paragraphs.map((p) => (
              <p key={p.slice(0, 24)} className="mb-4 text-lg leading-relaxed">
                {p}
              </p>
            ))}
            {/* After the words, so on a phone the first picture is below the fold and never the page's largest paint. */}
            <figure className="mt-8">
              <Illustration
                image={section.picture.image}
                alt={section.picture.alt}
                sizes="(min-width: 800px) 736px, calc(100vw - 2rem)"
                className="rounded-xl border border-crumb shadow-sm"
              />
              <figcaption className="mt-3 text-center text-sm text-cocoa-light italic">
                {section.picture.caption}
              </figcaption>
            </figure>
          </section>
        ))}
        <div className="mt-12 rounded-xl bg-cocoa px-6 py-10 text-center text-white">
          <h2 className="mb-3 text-2xl font-bold">Taste the tradition</h2>
          <p className="mb-6 text-dough">Our cookies are baked fresh to order and delivered across the UK.</p>
          <Button asChild size="lg" className="focus-visible:outline-white">
            <Link to="/shop">Shop Our Cookies</Link>
          </Button>
        </div>
      </div>
    </main>
  );
}

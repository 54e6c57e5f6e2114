import type { MetaDescriptor } from 'react-router';

/** What every page's tags need to know about the site, provided by the storefront layout's loader. */
export interface SiteInfo {
  /** The shop's name from config, e.g. "Shropshire Cookie Co.". */
  name: string;
  /** Absolute origin without a trailing slash (PUBLIC_URL), for Open Graph URLs. */
  publicUrl: string;
}

const FALLBACK_NAME = 'Shropshire Cookie Co.';
/** The default link-preview picture (public/og-image.jpg). */
export const DEFAULT_OG_IMAGE = '/og-image.jpg';

type MatchLike = { id: string; loaderData?: unknown } | undefined;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

function isSite(v: unknown): v is SiteInfo {
  return isRecord(v) && typeof v.name === 'string' && typeof v.publicUrl === 'string';
}

/**
 * Finds the site details among a page's route matches: the storefront layout returns `site`;
 * outside it (admin) only the root's `shop.name` is there and URLs stay relative.
 */
export function siteFrom(matches: readonly MatchLike[]): SiteInfo {
  for (const m of matches) {
    if (isRecord(m?.loaderData) && isSite(m.loaderData.site)) return m.loaderData.site;
  }
  const root = matches.find((m) => m?.id === 'root')?.loaderData;
  const shop = isRecord(root) && isRecord(root.shop) ? root.shop : undefined;
  return { name: typeof shop?.name === 'string' ? shop.name : FALLBACK_NAME, publicUrl: '' };
}

export interface PageMetaOptions {
  /** The page's own title; the shop name is appended ("Our Cookies | Shropshire Cookie Co."). */
  title?: string;
  description: string;
  /** Root-relative or absolute image URL; defaults to the site's link-preview picture. */
  image?: string;
  imageAlt?: string;
  /** Open Graph type: "website" for most pages, "product" for a product. */
  type?: string;
  /** The page's path, for og:url and the canonical link; omit for pages that must not be indexed. */
  path?: string;
  /** Keeps search engines from indexing the page (404s, the cart). */
  noIndex?: boolean;
}

/** `url` made absolute against the site's origin (left as it is when it already is). */
export const absolute = (publicUrl: string, url: string) =>
  /^https?:\/\//.test(url) ? url : `${publicUrl}${url}`;

/**
 * The title, description and Open Graph/Twitter tags of a page, from the route's `meta` function:
 *
 * ```ts
 * export const meta: Route.MetaFunction = ({ matches }) =>
 *   pageMeta(matches, { title: 'Our Cookies', description: '...', path: '/shop' });
 * ```
 */
export function pageMeta(matches: readonly MatchLike[], options: PageMetaOptions): MetaDescriptor[] {
  const site = siteFrom(matches);
  const title = options.title ? `${options.title} | ${site.name}` : site.name;
  const image = absolute(site.publicUrl, options.image ?? DEFAULT_OG_IMAGE);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: options.description },
    { property: 'og:site_name', content: site.name },
    { property: 'og:title', content: title },
    { property: 'og:description', content: options.description },
    { property: 'og:type', content: options.type ?? 'website' },
    { property: 'og:image', content: image },
    { property: 'og:image:alt', content: options.imageAlt ?? site.name },
    { property: 'og:locale', content: 'en_GB' },
    { name: 'twitter:card', content: 'summary_large_image' },
  ];
  if (options.path !== undefined) {
    const url = absolute(site.publicUrl, options.path);
    tags.push({ property: 'og:url', content: url }, { tagName: 'link', rel: 'canonical', href: url });
  }
  if (options.noIndex) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
}

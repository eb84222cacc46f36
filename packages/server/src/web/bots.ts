/**
 * Crawlers, link-preview fetchers and SEO tools. Headless Chrome is deliberately absent: our own
 * end-to-end tests drive it and must see the real 404 page. `(?<!cu)bot` spares Cubot phones.
 */
const BOT_PATTERN =
  /(?<!cu)bot|crawl|spider|slurp|facebookexternalhit|facebookcatalog|embedly|quora link preview|outbrain|pinterest|vkshare|w3c_validator|whatsapp|bingpreview|mediapartners-google|google-inspectiontool|feedfetcher|ia_archiver|yandex|baidu|semrush|ahrefs|bytespider|perplexity/i;

export function isBot(userAgent: string | undefined): boolean {
  return Boolean(userAgent && BOT_PATTERN.test(userAgent));
}

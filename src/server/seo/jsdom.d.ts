// The part of jsdom (a dev dependency without bundled types) the SEO tests use to parse served HTML
// and sitemap XML the way a browser would.
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}

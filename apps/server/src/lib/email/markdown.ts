import { convert } from 'html-to-text';
import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const markdown = new Marked({ gfm: true, breaks: true, async: false });

/**
 * What a staff member's Markdown may become in our email: text formatting, lists, quotes, links
 * and images over https (or mailto), nothing that runs or loads on its own (decision 018).
 */
const allowed: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'em',
    'b',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'h1',
    'h2',
    'h3',
    'h4',
    'hr',
    'code',
    'pre',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title', 'width', 'height'] },
  allowedSchemes: ['https', 'http', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  disallowedTagsMode: 'discard',
};

export interface RenderedBody {
  /** Sanitised HTML, links as written. */
  html: string;
  /** The plain-text part. */
  text: string;
}

export function renderMarkdown(source: string): RenderedBody {
  const html = sanitizeHtml(markdown.parse(source) as string, allowed);
  return { html, text: convert(html, { wordwrap: 78, selectors: [{ selector: 'img', format: 'skip' }] }) };
}

const unescapeAttribute = (value: string) =>
  value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Replaces every http(s) link of sanitised HTML with `track(url)` (mailto links stay). The HTML
 * comes from renderMarkdown, whose attributes are always double-quoted and escaped.
 */
export function rewriteLinks(html: string, track: (url: string) => string): string {
  return html.replace(/<a href="(https?:\/\/[^"]*)"/g, (_match, href: string) => {
    return `<a href="${escapeAttribute(track(unescapeAttribute(href)))}"`;
  });
}

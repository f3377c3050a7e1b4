/** Characters no file system takes in a name, control characters and the header's own quote. */
const UNSAFE = /[\p{Cc}/\\:*?"<>|]+/gu;

/** RFC 5987 `value-chars`: encodeURIComponent leaves ' ( ) * as they are, which the grammar does not allow. */
const encodeRfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * `Content-Disposition: attachment` for a file named after user text (a list's title): the name
 * as typed in `filename*` (UTF-8, RFC 6266), and an ASCII stand-in in `filename` for clients that
 * read only that one.
 */
export function attachment(filename: string): string {
  const name = filename.replace(UNSAFE, ' ').replace(/\s+/g, ' ').trim();
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\u0020-\u007e]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}

/** Hands a file to the browser's own download (a temporary link), without leaving the page. */
export function saveFile(file: File) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = file.name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The download has started by now; a little later the bytes can go.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Saves a blob under a chosen file name through a temporary link (the name holds in every browser). */
export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has started the download by then; the object URL can go.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

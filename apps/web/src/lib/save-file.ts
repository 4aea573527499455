/** Hands a file to the browser's downloads under its name (a link clicked, then let go of). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Some browsers start the download after the click's task: let the address go a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

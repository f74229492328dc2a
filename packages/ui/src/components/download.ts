/**
 * Hands text to the browser (or the desktop app's window, which asks where to save it) as a file
 * download: the roster's CSV, a session's .ics.
 */
export function downloadFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download: revoked at once, some browsers drop it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

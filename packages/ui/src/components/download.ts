/**
 * Hands content to the browser (or the desktop app's window, which asks where to save it) as a file
 * download: the roster's CSV, a session's .ics, a class's material. The content is fetched through the
 * API client first, so it goes with the same credentials on the web (cookie) and the desktop (token).
 * Returns the blob: URL it downloaded, by which the desktop app names the download once saved.
 */
export function downloadFile(fileName: string, content: string | Blob, type: string): string {
  const blob = typeof content === 'string' || content.type !== type ? new Blob([content], { type }) : content;
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has started the download: revoked at once, some browsers drop it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
  return url;
}

import { getConfig } from '../config.js';
import type { PlazaClient } from '../plaza.js';

/**
 * Downloads a file from the API with the signed-in caller's credentials (a plain link would carry none) and hands it
 * to the browser as a download named `filename`.
 */
export async function downloadFile(plaza: PlazaClient, path: string, filename: string): Promise<void> {
  const res = await fetch(`${getConfig().baseUrl}${path}`, { headers: await plaza.auth.getAuthHeaders() });
  if (!res.ok) throw new Error(res.status === 404 ? 'The file is not available.' : 'The download failed; try again.');
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

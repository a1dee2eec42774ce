import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * Downloads `url` with curl as the holder of `cookie`, into nothing: another process reads it, so
 * a test measures only the portal. `limitRate` (curl's `--limit-rate`, such as `8M`) makes it a
 * slow reader. Throws when the transfer fails or is cut.
 */
export async function curlDownload(url: string, cookie: string, { limitRate }: { limitRate?: string } = {}): Promise<{ status: string; bytes: number }> {
  const rate = limitRate ? ['--limit-rate', limitRate] : [];
  const { stdout } = await run('curl', ['-sS', ...rate, '-o', '/dev/null', '-w', '%{http_code} %{size_download}', '-H', `Cookie: ${cookie}`, url]);
  const [status = '', bytes = '0'] = stdout.split(' ');
  return { status, bytes: Number(bytes) };
}

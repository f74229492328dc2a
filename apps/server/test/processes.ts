import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import getPort from 'get-port';

// Real server processes (src/main.ts under tsx), as production runs them, for tests across processes.

const serverDir = path.resolve(import.meta.dirname, '..');

export interface ServerProcess {
  base: string;
  child: ChildProcess;
  output(): string;
  /** SIGTERM, and the exit code once it has exited (null when it had to be killed after the timeout). */
  stop(timeoutMs?: number): Promise<number | null>;
}

export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await getPort({ host: '127.0.0.1' });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), ...env },
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  child.stderr?.on('data', (d) => {
    out += String(d);
  });
  const closed = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const base = `http://127.0.0.1:${port}`;
  const server: ServerProcess = {
    base,
    child,
    output: () => out,
    stop: async (timeoutMs = 15_000) => {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      const code = await Promise.race([
        closed,
        new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), timeoutMs);
        }),
      ]);
      clearTimeout(timer);
      if (code !== 'timeout') return code;
      child.kill('SIGKILL');
      await closed;
      return null;
    },
  };
  // Generous: a loaded 2-core machine can take a while to start tsx.
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return server;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not become healthy: ${out}`);
}

/** JSON over fetch, for servers that are not in this process. */
export async function call<T = Record<string, unknown>>(
  base: string,
  method: string,
  url: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : {}) as T };
}

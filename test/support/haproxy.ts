import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { ROOT } from './compiled-server.js';
import { freePort } from './free-port.js';
import type { Requirement } from './optional-suites.js';

export const HAPROXY: Requirement = {
  needs: 'haproxy',
  remedy: 'install haproxy (Debian has 2.6), or set HAPROXY',
};

const CONFIG = join(ROOT, 'deploy/haproxy/haproxy.cfg');
const ERRORS = join(ROOT, 'deploy/haproxy/errors/');

/**
 * Debian's HAProxy with deploy/haproxy/haproxy.cfg as compose runs it, but for the addresses: it
 * listens on a free loopback port, and sends to the instances on `ports` (petstore-1 and -2).
 */
export class Haproxy {
  static readonly binary = process.env.HAPROXY ?? 'haproxy';
  private output = '';

  private constructor(
    private readonly child: ChildProcess,
    readonly port: number,
  ) {
    child.stdout!.on('data', (chunk) => (this.output += chunk));
    child.stderr!.on('data', (chunk) => (this.output += chunk));
  }

  static available(): boolean {
    return spawnSync(Haproxy.binary, ['-v'], { encoding: 'utf8' }).status === 0;
  }

  static async start(ports: readonly [number, number], folder: string): Promise<Haproxy> {
    const port = await freePort();
    const config = readFileSync(CONFIG, 'utf8')
      .replaceAll('/usr/local/etc/haproxy/errors/', ERRORS)
      .replace('bind :3000', `bind 127.0.0.1:${port}`)
      .replace('petstore-1:3000', `127.0.0.1:${ports[0]}`)
      .replace('petstore-2:3000', `127.0.0.1:${ports[1]}`);
    const file = join(folder, 'haproxy.cfg');
    writeFileSync(file, config);
    const proxy = new Haproxy(
      spawn(Haproxy.binary, ['-db', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] }),
      port,
    );
    await proxy.accepting();
    return proxy;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** What it has logged (a line per request, and its checks' changes of state). */
  log(): string {
    return this.output;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((done) => this.child.once('exit', done));
    this.child.kill('SIGTERM');
    await exited;
  }

  private async accepting(): Promise<void> {
    const deadline = Date.now() + 10_000;
    for (;;) {
      const open = await new Promise<boolean>((resolve) => {
        const socket = connect(this.port, '127.0.0.1', () => {
          socket.destroy();
          resolve(true);
        });
        socket.on('error', () => resolve(false));
      });
      if (open) return;
      if (this.child.exitCode !== null || Date.now() > deadline)
        throw new Error(`haproxy did not start:\n${this.output}`);
      await new Promise((wait) => setTimeout(wait, 50));
    }
  }
}

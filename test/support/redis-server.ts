import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { freePort } from './free-port.js';

/**
 * A throwaway redis-server from Debian's package on loopback, without persistence, that a test may
 * stop, freeze and start again on the same port. CI installs it; elsewhere the Redis suites need it
 * on PATH (or REDIS_SERVER naming it).
 */
export class RedisServer {
  private child?: ChildProcess;

  private constructor(readonly port: number) {}

  static readonly binary = process.env.REDIS_SERVER ?? 'redis-server';

  static available(): boolean {
    return spawnSync(RedisServer.binary, ['--version'], { encoding: 'utf8' }).status === 0;
  }

  static async start(): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    await server.resume();
    return server;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts it (again) on its port; resolves once it accepts connections. */
  async resume(): Promise<void> {
    const child = spawn(
      RedisServer.binary,
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    this.child = child;
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 10_000;
    while (!output.includes('Ready to accept connections')) {
      if (child.exitCode !== null || Date.now() > deadline)
        throw new Error(`redis-server did not start:\n${output}`);
      await new Promise((wait) => setTimeout(wait, 20));
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGKILL');
    await exited;
  }

  /**
   * Stops it answering without closing its connections (SIGSTOP), as a hung server does; thaw()
   * resumes it.
   */
  freeze(): void {
    this.child?.kill('SIGSTOP');
  }

  thaw(): void {
    this.child?.kill('SIGCONT');
  }
}

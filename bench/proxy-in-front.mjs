// HAProxy (Debian's, or $HAPROXY) with deploy/haproxy/haproxy.cfg in front of one instance, for the
// benches: the compose file's settings but for the addresses (it listens on a free loopback port and
// sends to `instancePort`; compose's second instance is left out). Its own answers (errors/) are the
// same files.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { ROOT, freePort } from './processes.mjs';

export async function startProxyInFront(instancePort, workdir) {
  const port = await freePort();
  const config = readFileSync(join(ROOT, 'deploy/haproxy/haproxy.cfg'), 'utf8')
    .replaceAll('/usr/local/etc/haproxy/errors/', join(ROOT, 'deploy/haproxy/errors/'))
    .replace('bind :3000', `bind 127.0.0.1:${port}`)
    .replace('petstore-1:3000', `127.0.0.1:${instancePort}`)
    .replace(/^\s*server petstore-2 .*$/m, '');
  const file = join(workdir, 'haproxy.cfg');
  writeFileSync(file, config);
  const child = spawn(process.env.HAPROXY ?? 'haproxy', ['-db', '-f', file], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let tries = 0; ; tries++) {
    const socket = connect(port, '127.0.0.1');
    const [event] = await Promise.race([once(socket, 'connect'), once(socket, 'error')]).then(
      () => ['connect'],
      () => ['error'],
    );
    socket.destroy();
    if (event === 'connect') break;
    if (tries > 100) throw new Error('HAProxy did not listen');
    await new Promise((wait) => setTimeout(wait, 50));
  }
  // Its first health checks (rise 2, every second) before the instance is called up.
  await new Promise((wait) => setTimeout(wait, 2_500));
  return { port, child };
}

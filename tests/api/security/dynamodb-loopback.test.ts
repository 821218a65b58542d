import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { describe, expect, inject, it } from 'vitest';

/**
 * DynamoDB Local has no authentication: while `npm start` runs it must listen on loopback only,
 * or anyone on the network could read password hashes or make themselves admin.
 */
const port = Number(new URL(inject('dynamoEndpoint')).port);

/** Local addresses of the sockets listening on `port`, as the kernel lists them (hex, /proc/net/tcp{,6}). */
function listeners(): string[] {
  const found: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const [, local, , state] = line.trim().split(/\s+/);
      if (state !== '0A' || !local) continue; // 0A: LISTEN
      const [address, hexPort] = local.split(':');
      if (Number.parseInt(hexPort!, 16) === port) found.push(address!);
    }
  }
  return found;
}

const LOOPBACK = new Set([
  '0100007F', // 127.0.0.1
  '0000000000000000FFFF00000100007F', // ::ffff:127.0.0.1
  '00000000000000000000000001000000', // ::1
]);

const reachable = (host: string) =>
  new Promise<boolean>((resolve) => {
    const socket = connect({ host, port, timeout: 3000 });
    const done = (open: boolean) => {
      socket.destroy();
      resolve(open);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });

describe.runIf(process.platform === 'linux')('DynamoDB Local', () => {
  it('listens on loopback only', () => {
    const addresses = listeners();
    expect(addresses.length).toBeGreaterThan(0);
    for (const address of addresses) expect(LOOPBACK.has(address), `listening on ${address}`).toBe(true);
  });

  it('cannot be reached through this machine’s other addresses', async () => {
    expect(await reachable('127.0.0.1')).toBe(true);
    const external = Object.values(networkInterfaces())
      .flat()
      .filter((i) => i && !i.internal && i.family === 'IPv4')
      .map((i) => i!.address);
    for (const address of external) expect(await reachable(address), address).toBe(false);
  });
});

import net from 'node:net';

/**
 * A TCP forwarder on a free loopback port in front of a real server (PostgreSQL), which a test can
 * close and open again: closed, new connections are refused and open ones are cut, as when the
 * server stops; opened, the clients reconnect by themselves. The outage is real to the driver.
 */
export interface TcpGate {
  port: number;
  /** Refuses new connections and cuts the open ones. */
  close(): Promise<void>;
  /** Accepts connections again on the same port. */
  open(): Promise<void>;
  destroy(): Promise<void>;
}

export async function createTcpGate(target: { host: string; port: number }): Promise<TcpGate> {
  const sockets = new Set<net.Socket>();
  let port = 0;
  let server: net.Server | null = null;
  const listen = async (): Promise<void> => {
    const next = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = (next.address() as net.AddressInfo).port;
    server = next;
  };
  const close = async (): Promise<void> => {
    const closing = server;
    server = null;
    for (const socket of sockets) socket.destroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  await listen();
  return {
    get port() {
      return port;
    },
    close,
    open: listen,
    destroy: close,
  };
}

import net from 'node:net';
import dns2 from 'dns2';

/**
 * A real DNS server on a free loopback UDP port (the npm dns2 package) answering the TXT and
 * address (A, AAAA) records a test sets, for code that resolves through node:dns with a
 * configurable server (DNS_RESOLVER). Names it has no record of any kind for answer NXDOMAIN; a
 * name with records of other types only answers no record (NODATA), as a real server does.
 * `silent` makes it drop queries, as a dead resolver.
 */
export interface TestDnsServer {
  /** `127.0.0.1:<port>`, as DNS_RESOLVER takes it. */
  address: string;
  port: number;
  /** Sets (or with undefined removes) the TXT values at a name. */
  setTxt(name: string, values: string[] | undefined): void;
  /** Sets (or with undefined removes) the addresses a name resolves to: IPv4 ones as A, IPv6 ones as AAAA records. */
  setAddresses(name: string, addresses: string[] | undefined): void;
  /** While true, queries get no answer at all. */
  silent: boolean;
  /** Queries received, by name. */
  queries: string[];
  close(): Promise<void>;
}

export async function startTestDnsServer(): Promise<TestDnsServer> {
  const txt = new Map<string, string[]>();
  const addresses = new Map<string, string[]>();
  const state = { silent: false };
  const queries: string[] = [];
  const { Packet } = dns2;
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const [question] = request.questions;
      const name = question?.name.toLowerCase().replace(/\.$/, '') ?? '';
      queries.push(name);
      if (state.silent) return;
      const response = Packet.createResponseFromRequest(request);
      const values = txt.get(name);
      const ips = addresses.get(name);
      const answer = (record: Record<string, unknown>) =>
        response.answers.push({ name: question?.name, class: Packet.CLASS.IN, ttl: 1, ...record } as never);
      if (!values && !ips)
        response.header.rcode = 3; // NXDOMAIN
      else if (question?.type === Packet.TYPE.TXT)
        for (const data of values ?? []) answer({ type: Packet.TYPE.TXT, data });
      else if (question?.type === Packet.TYPE.A)
        for (const address of (ips ?? []).filter((ip) => net.isIPv4(ip))) answer({ type: Packet.TYPE.A, address });
      else if (question?.type === Packet.TYPE.AAAA)
        for (const address of (ips ?? []).filter((ip) => net.isIPv6(ip))) answer({ type: Packet.TYPE.AAAA, address });
      void send(response);
    },
  });
  server.on('error', () => undefined);
  const listening = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = (listening.udp as { port: number }).port;
  const setter = (records: Map<string, string[]>) => (name: string, values: string[] | undefined) => {
    if (values) records.set(name.toLowerCase(), values);
    else records.delete(name.toLowerCase());
  };
  return {
    address: `127.0.0.1:${port}`,
    port,
    setTxt: setter(txt),
    setAddresses: setter(addresses),
    get silent() {
      return state.silent;
    },
    set silent(value: boolean) {
      state.silent = value;
    },
    queries,
    close: () => server.close(),
  };
}

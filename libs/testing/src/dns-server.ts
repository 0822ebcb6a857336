import dns2 from 'dns2';

/**
 * A real DNS server on a free loopback UDP port (the npm dns2 package) answering TXT records a test
 * sets, for code that resolves through node:dns with a configurable server (DNS_RESOLVER).
 * Names it has no record for answer NXDOMAIN; `silent` makes it drop queries, as a dead resolver.
 */
export interface TestDnsServer {
  /** `127.0.0.1:<port>`, as DNS_RESOLVER takes it. */
  address: string;
  port: number;
  /** Sets (or with undefined removes) the TXT values at a name. */
  setTxt(name: string, values: string[] | undefined): void;
  /** While true, queries get no answer at all. */
  silent: boolean;
  /** Queries received, by name. */
  queries: string[];
  close(): Promise<void>;
}

export async function startTestDnsServer(): Promise<TestDnsServer> {
  const records = new Map<string, string[]>();
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
      const values = records.get(name);
      if (!values)
        response.header.rcode = 3; // NXDOMAIN
      else if (question?.type === Packet.TYPE.TXT)
        for (const data of values)
          response.answers.push({
            name: question.name,
            type: Packet.TYPE.TXT,
            class: Packet.CLASS.IN,
            ttl: 1,
            data,
          } as never);
      void send(response);
    },
  });
  server.on('error', () => undefined);
  const addresses = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  const port = (addresses.udp as { port: number }).port;
  return {
    address: `127.0.0.1:${port}`,
    port,
    setTxt(name, values) {
      if (values) records.set(name.toLowerCase(), values);
      else records.delete(name.toLowerCase());
    },
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

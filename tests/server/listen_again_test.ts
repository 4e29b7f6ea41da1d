/**
 * serveListeningAgain with a stand-in for `Deno.serve` whose servers fail
 * as Deno 2.9.6's do (`tests/server/deno_serve_test.ts` runs the real one
 * out of descriptors).
 */

import { assertEquals } from "../assert.ts";
import {
  type ListeningAgainOptions,
  serveListeningAgain,
} from "../../server/listen_again.ts";

/** A server of the stand-in: its `finished` ends when the test says. */
interface FakeServer extends Deno.HttpServer<Deno.NetAddr> {
  fail(error: Error): void;
  shutdowns: number;
}

function fakeServer(
  addr: Deno.NetAddr = { transport: "tcp", hostname: "127.0.0.1", port: 4321 },
): FakeServer {
  const { promise, resolve, reject } = Promise.withResolvers<void>();
  const server: FakeServer = {
    addr,
    finished: promise,
    shutdowns: 0,
    fail: reject,
    shutdown() {
      server.shutdowns++;
      resolve();
      return Promise.resolve();
    },
    ref() {},
    unref() {},
    [Symbol.asyncDispose]() {
      return server.shutdown();
    },
  };
  return server;
}

/** The stand-in: each call gets a server on `addr`. */
function fakeServe(addr?: Deno.NetAddr) {
  const calls: ListeningAgainOptions[] = [];
  const servers: FakeServer[] = [];
  let called: () => void = () => {};
  return {
    calls,
    servers,
    /** Resolves once `serve` has been called `n` times. */
    calledTimes(n: number): Promise<void> {
      if (calls.length >= n) return Promise.resolve();
      return new Promise((resolve) => {
        called = () => {
          if (calls.length >= n) resolve();
        };
      });
    },
    serve(options: ListeningAgainOptions) {
      calls.push(options);
      const server = fakeServer(addr);
      servers.push(server);
      called();
      return server;
    },
  };
}

const handler = () => new Response("ok");
const onListen = () => {};

// What Deno 2.9.6's `finished` rejects with when accept fails with EMFILE.
const emfile = () =>
  new Deno.errors.Http("Error: Too many open files (os error 24)");

Deno.test("running out of descriptors closes the idle connections and listens again on the same address", async () => {
  const fake = fakeServe();
  const lines: string[] = [];
  // Asked for any interface and port, it got 127.0.0.1:4321 (as with
  // DENO_SERVE_ADDRESS): that is where it listens again.
  const server = serveListeningAgain(
    { hostname: "0.0.0.0", port: 0, handler, onListen },
    fake.serve,
    (line) => lines.push(line),
  );
  fake.servers[0].fail(emfile());
  await fake.calledTimes(2);
  // The stopped server was shut down: its idle connections closed.
  assertEquals(fake.servers[0].shutdowns, 1);
  assertEquals(fake.calls[1].port, 4321);
  assertEquals(fake.calls[1].hostname, "127.0.0.1");
  assertEquals(fake.calls[1].handler, handler);
  assertEquals(fake.calls[1].onListen === onListen, false);
  assertEquals(lines, [
    "ranklens: accepting a connection failed (Too many open files (os error 24)); closing the idle connections and listening again",
  ]);
  // Shutting down stops the one listening now, and ends `finished`.
  await server.shutdown();
  assertEquals(fake.servers[1].shutdowns, 1);
  await server.finished;
});

Deno.test("any other failure ends the server as it ends Deno.serve", async () => {
  const fake = fakeServe();
  const lines: string[] = [];
  const server = serveListeningAgain(
    { hostname: "127.0.0.1", port: 8000, handler },
    fake.serve,
    (line) => lines.push(line),
  );
  const error = new Deno.errors.Http("Error: Connection reset by peer");
  fake.servers[0].fail(error);
  const caught = await server.finished.then(() => undefined, (e) => e);
  assertEquals(caught, error);
  assertEquals([fake.calls.length, lines], [1, []]);
});

Deno.test("listening again without permission for the port ends the server", async () => {
  const fake = fakeServe();
  const lines: string[] = [];
  let calls = 0;
  const denied = new Deno.errors.NotCapable(
    'Requires net access to "127.0.0.1:4321", run again with the --allow-net flag',
  );
  const server = serveListeningAgain(
    { hostname: "127.0.0.1", port: 0, handler },
    (options) => {
      if (calls++ > 0) throw denied;
      return fake.serve(options);
    },
    (line) => lines.push(line),
  );
  fake.servers[0].fail(emfile());
  const caught = await server.finished.then(() => undefined, (e) => e);
  assertEquals(caught, denied);
  assertEquals(
    lines[1],
    `ranklens: listening again failed (${denied.message})`,
  );
});

Deno.test("a Unix socket that runs out of descriptors is not listened on again", async () => {
  // DENO_SERVE_ADDRESS=unix:PATH: Deno.serve's address is not a port.
  const fake = fakeServe(
    { transport: "unix", path: "/tmp/app.sock" } as unknown as Deno.NetAddr,
  );
  const server = serveListeningAgain(
    { hostname: "127.0.0.1", port: 8000, handler },
    fake.serve,
    () => {},
  );
  const error = emfile();
  fake.servers[0].fail(error);
  const caught = await server.finished.then(() => undefined, (e) => e);
  assertEquals([caught, fake.calls.length], [error, 1]);
});

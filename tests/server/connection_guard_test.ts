/**
 * The connection guard in this process: its inner server cannot be reached
 * but through it, and it follows request heads to time them.
 */

import { assertEquals } from "../assert.ts";
import {
  type GuardedServeOptions,
  type GuardedServer,
  serveGuarded,
} from "../../server/connection_guard.ts";

function assert(condition: unknown, message = "assertion failed") {
  if (!condition) throw new Error(message);
}

const ok = () => new Response("ok");
const quiet = () => {};

/** The guard on a free port, quiet. */
function guarded(
  handler: () => Response | Promise<Response>,
  options: GuardedServeOptions = {},
): GuardedServer {
  return serveGuarded(handler, { port: 0, log: quiet, ...options });
}

function connect(port: number): Promise<Deno.Conn> {
  return Deno.connect({ hostname: "127.0.0.1", port });
}

async function exchange(conn: Deno.Conn, request: string): Promise<string> {
  await conn.write(new TextEncoder().encode(request));
  const buffer = new Uint8Array(4096);
  const n = await conn.read(buffer);
  return new TextDecoder().decode(buffer.subarray(0, n ?? 0));
}

Deno.test("the inner server is a Unix socket of mode 0600 in a folder of mode 0700, removed at shutdown", async () => {
  const server = guarded(ok, { inner: "unix" });
  try {
    const inner = server.innerAddr;
    assertEquals(inner.transport, "unix");
    const path = (inner as Deno.UnixAddr).path;
    const dir = path.slice(0, path.lastIndexOf("/"));
    assertEquals((Deno.statSync(path).mode! & 0o777).toString(8), "600");
    assertEquals((Deno.statSync(dir).mode! & 0o777).toString(8), "700");
    assertEquals(Deno.statSync(dir).uid, Deno.uid());
    const response = await fetch(`http://127.0.0.1:${server.addr.port}/`);
    assertEquals(await response.text(), "ok");
    await server.shutdown();
    let gone = false;
    try {
      Deno.statSync(dir);
    } catch (error) {
      gone = error instanceof Deno.errors.NotFound;
    }
    assert(gone, `${dir} is still there`);
  } finally {
    await server.shutdown();
  }
});

Deno.test("over TCP, a request straight to the inner port is refused with 403", async () => {
  const server = guarded(ok, { inner: "tcp" });
  try {
    const inner = server.innerAddr as Deno.NetAddr;
    assertEquals(inner.hostname, "127.0.0.1");
    const direct = await connect(inner.port);
    const head = await exchange(direct, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    direct.close();
    assert(head.startsWith("HTTP/1.1 403"), head);
    // Through the guard, the same request is answered.
    const relayed = await connect(server.addr.port);
    const answer = await exchange(relayed, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    relayed.close();
    assert(answer.startsWith("HTTP/1.1 200") && answer.endsWith("ok"), answer);
  } finally {
    await server.shutdown();
  }
});

Deno.test("a head cut in pieces, LF-terminated or after blank lines, still reaches the app", async () => {
  const server = guarded(ok, { headerTimeout: 60_000 });
  try {
    const conn = await connect(server.addr.port);
    await conn.write(new TextEncoder().encode("\r\nGET / HT"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    const first = await exchange(conn, "TP/1.1\nHost: x\n\n");
    assert(first.startsWith("HTTP/1.1 200"), first);
    // The next request on the same connection.
    const second = await exchange(conn, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
    assert(second.startsWith("HTTP/1.1 200"), second);
    conn.close();
  } finally {
    await server.shutdown();
  }
});

Deno.test("a request the app is answering is not cut by the header or idle time limit", async () => {
  let release = () => {};
  const slow = async () => {
    await new Promise<void>((resolve) => release = resolve);
    return new Response("late");
  };
  const server = guarded(slow, { headerTimeout: 100, idleTimeout: 100 });
  try {
    const answer = fetch(`http://127.0.0.1:${server.addr.port}/`);
    // Several sweeps pass while the app holds the request.
    await new Promise((resolve) => setTimeout(resolve, 400));
    release();
    assertEquals(await (await answer).text(), "late");
  } finally {
    await server.shutdown();
  }
});

Deno.test("a request the app never begins to answer is cut at the answer time limit", async () => {
  let release = () => {};
  const held = () =>
    new Promise<Response>((resolve) =>
      release = () => resolve(new Response("late"))
    );
  const server = guarded(held, { answerTimeout: 200 });
  try {
    const conn = await connect(server.addr.port);
    await conn.write(
      new TextEncoder().encode("GET / HTTP/1.1\r\nHost: x\r\n\r\n"),
    );
    assertEquals(await conn.read(new Uint8Array(100)), null);
    conn.close();
  } finally {
    release();
    await server.shutdown();
  }
});

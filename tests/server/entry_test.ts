// server.ts's default export, as `deno serve` (and Deno Deploy) runs it.
import { assertEquals } from "../assert.ts";
import { spawnServer } from "./_serve.ts";

const SERVE = ["serve", "--host", "127.0.0.1", "--port", "0"];

Deno.test("deno serve server.ts reads its settings from the environment", async () => {
  await using server = await spawnServer(
    [...SERVE, "--allow-env", "server.ts"],
    { RANKLENS_TOKEN: "entry-token", RANKLENS_BODY_LIMIT: "64" },
  );
  assertEquals(await (await fetch(`${server.url}/healthz`)).json(), {
    status: "ok",
  });
  const anonymous = await fetch(`${server.url}/v1/metrics`);
  assertEquals(anonymous.status, 401);
  await anonymous.body?.cancel();
  const post = (body: unknown) =>
    fetch(`${server.url}/v1/evaluate`, {
      method: "POST",
      headers: {
        authorization: "Bearer entry-token",
        "content-type": "application/json",
      },
      body: JSON.stringify(body),
    });
  const small = await post({ qrels: "q 0 d 1\n", run: { q: ["d"] } });
  assertEquals(small.status, 200);
  assertEquals((await small.json()).aggregate.rr, 1);
  const large = await post({ qrels: "q 0 d 1\n".repeat(10), run: {} });
  assertEquals(large.status, 413);
  await large.body?.cancel();
});

Deno.test("deno serve server.ts without --allow-env refuses every request", async () => {
  await using server = await spawnServer([...SERVE, "server.ts"], {
    RANKLENS_TOKEN: "entry-token",
  });
  for (const path of ["/healthz", "/v1/metrics", "/"]) {
    const response = await fetch(server.url + path);
    assertEquals(response.status, 500);
    const problem = await response.json();
    assertEquals(
      problem.detail.startsWith(
        "The server is misconfigured: The server may not read RANKLENS_TOKEN,",
      ),
      true,
    );
  }
});

Deno.test("importing server.ts has no side effects", async () => {
  // `deno run -` reads the program from stdin and grants no permission.
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "--no-prompt", "-"],
    cwd: new URL("../../", import.meta.url).pathname,
    env: { NO_COLOR: "1" },
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(
    new TextEncoder().encode(
      "const m = await import('./server.ts');\n" +
        "console.log(typeof m.default.fetch, typeof m.createApp);\n",
    ),
  );
  await writer.close();
  const { code, stdout, stderr } = await child.output();
  // Nothing listens, nothing is read: the program simply ends.
  assertEquals(new TextDecoder().decode(stderr), "");
  assertEquals(new TextDecoder().decode(stdout), "function function\n");
  assertEquals(code, 0);
});

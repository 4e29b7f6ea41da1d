// `cli.ts serve` runs the app on a port and stops cleanly on SIGTERM.
import { assertEquals } from "../assert.ts";
import { spawnServer } from "../server/_serve.ts";
import { run } from "../../cli/serve.ts";
import { UsageError } from "../../cli/errors.ts";
import { assertRejects } from "../assert.ts";

Deno.test("serve listens, applies flags and the token, and stops on SIGTERM", async () => {
  const server = await spawnServer(
    [
      "run",
      "--allow-net",
      "--allow-env",
      "--allow-read",
      "cli.ts",
      "serve",
      "--port",
      "0",
      "--body-limit",
      "100",
    ],
    { RANKLENS_TOKEN: "cli-token" },
  );
  const health = await fetch(`${server.url}/healthz`);
  assertEquals(await health.json(), { status: "ok" });
  const anonymous = await fetch(`${server.url}/v1/metrics`);
  assertEquals(anonymous.status, 401);
  await anonymous.body?.cancel();
  const big = await fetch(`${server.url}/v1/evaluate`, {
    method: "POST",
    headers: {
      authorization: "Bearer cli-token",
      "content-type": "application/json",
    },
    body: JSON.stringify({ qrels: "x".repeat(100), run: "" }),
  });
  assertEquals(big.status, 413);
  await big.body?.cancel();
  const scored = await fetch(`${server.url}/v1/evaluate`, {
    method: "POST",
    headers: {
      authorization: "Bearer cli-token",
      "content-type": "application/json",
    },
    body: JSON.stringify({ qrels: "q 0 d 1\n", run: "q Q0 d 1 1 t\n" }),
  });
  assertEquals(scored.status, 200);
  await scored.body?.cancel();
  const { code, output } = await server.stop();
  assertEquals(code, 0);
  // deno.json opts in to no-legacy-abort: the server reads request.signal,
  // which under the legacy behaviour prints a warning on the first request.
  assertEquals(output.includes("legacy behavior"), false, output);
});

Deno.test("serve without permission to read its settings refuses to start", async () => {
  const child = await new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--allow-net",
      "--allow-read",
      "cli.ts",
      "serve",
      "--port",
      "0",
    ],
    cwd: new URL("../../", import.meta.url).pathname,
    env: { NO_COLOR: "1" },
    stdin: "null",
  }).output();
  assertEquals(child.code, 1);
  const stderr = new TextDecoder().decode(child.stderr);
  assertEquals(
    stderr.startsWith(
      "ranklens serve: The server may not read RANKLENS_TOKEN, ",
    ),
    true,
    stderr,
  );
});

Deno.test("serve rejects bad flags with a usage error", async () => {
  await assertRejects(
    () => run(["--port", "http"]),
    UsageError,
    '--port must be an integer >= 0, got "http"',
  );
  await assertRejects(
    () => run(["--port", "70000"]),
    UsageError,
    "--port must be at most 65535",
  );
  await assertRejects(
    () => run(["--max-running", "0"]),
    UsageError,
    '--max-running must be an integer >= 1, got "0"',
  );
  await assertRejects(() => run(["--verbose"]), UsageError, "--verbose");
});

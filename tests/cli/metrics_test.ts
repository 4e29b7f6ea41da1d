import { assertEquals } from "../assert.ts";
import { runCli } from "./_cli.ts";

Deno.test("metrics and demo answer --help and refuse what they do not take", async () => {
  for (const command of ["metrics", "demo"]) {
    const help = await runCli([command, "--help"]);
    assertEquals(help.code, 0, help.stderr);
    assertEquals(
      help.stdout.startsWith(`Usage: ranklens ${command}`),
      true,
      help.stdout,
    );
    for (const wrong of [["--jsn"], ["extra"]]) {
      const result = await runCli([command, ...wrong]);
      assertEquals(result.code, 2, `${command} ${wrong}: ${result.stderr}`);
      assertEquals(result.stdout, "");
      assertEquals(
        result.stderr.startsWith(`ranklens ${command}: `) &&
          result.stderr.includes(`\nUsage: ranklens ${command}`),
        true,
        result.stderr,
      );
    }
  }
  const json = await runCli(["metrics", "--json"]);
  assertEquals(json.code, 0);
  assertEquals(JSON.parse(json.stdout)[0].name, "ndcg");
});

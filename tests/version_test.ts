import { assertEquals } from "./assert.ts";
import { VERSION } from "../version.ts";

Deno.test("VERSION is deno.json's version", async () => {
  const config = JSON.parse(
    await Deno.readTextFile(new URL("../deno.json", import.meta.url)),
  );
  assertEquals(VERSION, config.version);
});

import { assertEquals, assertThrows } from "../assert.ts";
import { Hono } from "hono";
import { bearerToken, sameSecret } from "../../server/bearer_token.ts";
import { problemOf } from "../../server/problem.ts";

Deno.test("sameSecret is equality, whatever the lengths", async () => {
  assertEquals(await sameSecret("abc", "abc"), true);
  assertEquals(await sameSecret("abc", "abd"), false);
  assertEquals(await sameSecret("abc", "abcd"), false);
  assertEquals(await sameSecret("", "abc"), false);
  assertEquals(await sameSecret("é", "é"), true);
});

Deno.test("bearerToken accepts the scheme in any case, nothing but the token", async () => {
  const app = new Hono();
  app.onError((error) => problemOf(error).toResponse());
  app.use(bearerToken("t0k"));
  app.get("/", (c) => c.text("in"));
  const status = async (authorization?: string) =>
    (await app.request("/", {
      headers: authorization ? { authorization } : {},
    })).status;
  assertEquals(await status("Bearer t0k"), 200);
  assertEquals(await status("bearer t0k"), 200);
  assertEquals(await status(undefined), 401);
  assertEquals(await status("Bearer"), 401);
  assertEquals(await status("Bearer t0k extra"), 401);
  assertEquals(await status("Bearer t0"), 401);
  assertEquals(await status("Token t0k"), 401);
});

Deno.test("bearerToken refuses an empty token", () => {
  assertThrows(() => bearerToken(""), RangeError, "must not be empty");
});

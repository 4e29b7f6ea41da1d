import { assertEquals, assertThrows } from "../assert.ts";
import { serverOptionsFromEnv } from "../../server/options.ts";

const fromEnv = (env: Record<string, string>) =>
  serverOptionsFromEnv((name) => env[name]);

Deno.test("serverOptionsFromEnv reads every variable", () => {
  assertEquals(
    fromEnv({
      RANKLENS_TOKEN: " s3cret ",
      RANKLENS_BODY_LIMIT: "1024",
      RANKLENS_TIME_LIMIT_MS: "2500",
      RANKLENS_MAX_RUNNING: "2",
      RANKLENS_MAX_WAITING: "0",
      RANKLENS_CORS_ORIGINS: "https://a.example,,https://b.example ",
    }),
    {
      token: "s3cret",
      bodyLimit: 1024,
      timeLimit: 2500,
      maxRunning: 2,
      maxWaiting: 0,
      corsOrigins: ["https://a.example", "https://b.example"],
    },
  );
});

Deno.test("serverOptionsFromEnv keeps defaults for unset and empty variables", () => {
  assertEquals(fromEnv({}), {});
  assertEquals(fromEnv({ RANKLENS_TOKEN: "", RANKLENS_BODY_LIMIT: " " }), {});
});

Deno.test("serverOptionsFromEnv rejects values that are not settings", () => {
  assertThrows(
    () => fromEnv({ RANKLENS_BODY_LIMIT: "32MiB" }),
    RangeError,
    'RANKLENS_BODY_LIMIT must be an integer >= 1, got "32MiB"',
  );
  assertThrows(
    () => fromEnv({ RANKLENS_MAX_RUNNING: "0" }),
    RangeError,
    'RANKLENS_MAX_RUNNING must be an integer >= 1, got "0"',
  );
  assertThrows(
    () => fromEnv({ RANKLENS_TIME_LIMIT_MS: "-5" }),
    RangeError,
    "RANKLENS_TIME_LIMIT_MS",
  );
});
